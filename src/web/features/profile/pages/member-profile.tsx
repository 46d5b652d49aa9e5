import { useQuery } from '@tanstack/react-query';
import { Briefcase, CalendarClock, LogOut, Phone } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { TeamContext } from '#core/team/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { api } from '#web/api/client.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { SupportTab } from '#web/features/support/index.ts';
import { PausedMessage, useTeamContext } from '#web/features/team/index.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { telHref } from '#web/lib/tel-href.ts';
import type { useProfileEditor } from '../api/use-profile-editor.ts';
import { PersonalForm } from '../components/personal-form.tsx';
import { TabLoading } from '../components/tab-loading.tsx';
import { QuickAction } from './quick-action.tsx';
import { profileText } from '../text.ts';

// The Settings tab's cards load when it opens.
const SettingsCards = lazy(() => import('../components/settings-cards.tsx'));

const tabClass = 'px-1 text-xs sm:px-3 sm:text-sm';

/** The business's phone, from its public details (null while unknown or when it has none). */
const useBusinessPhone = (providerId: string | undefined) =>
  useQuery({
    queryKey: ['providers', providerId ?? ''],
    queryFn: () => api.get('/providers/{id}', { params: { path: { id: providerId ?? '' } } }),
    enabled: Boolean(providerId),
    select: (provider) => provider.phone ?? null,
  });

function WorkCard({ team }: { team: TeamContext }) {
  const t = useText(profileText);
  const phone = useBusinessPhone(team.providerId).data;
  return (
    <Card className="grid gap-2 p-4">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Briefcase className="size-5 text-primary" aria-hidden />
        {t('yourWork')}
      </h2>
      <p>
        <T
          text={profileText}
          id="worksFor"
          values={{
            business: team.businessName,
            role: team.role,
          }}
          components={{ 0: <span className="font-semibold" translate="no" /> }}
        />
      </p>
      {phone ? (
        <a
          href={telHref(phone)}
          className="flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          translate="no"
        >
          <Phone className="size-4" aria-hidden />
          {phone}
        </a>
      ) : null}
      {team.paused ? (
        <p role="alert" className="rounded-lg bg-destructive/10 p-3 font-medium text-destructive">
          <PausedMessage businessName={team.businessName} />
        </p>
      ) : null}
    </Card>
  );
}

/**
 * A dispatcher's or technician's profile: their own details and settings (no vehicles, no
 * business to edit), the business they work for, the business's Help tab and Sign Out.
 */
export function MemberProfile({
  user,
  header,
  editor,
  tab,
  onTab,
  onSignOut,
}: {
  user: PublicUser;
  header: ReactNode;
  editor: ReturnType<typeof useProfileEditor>;
  tab: string;
  onTab: (tab: string) => void;
  onSignOut: () => void;
}) {
  const t = useText(profileText);
  const team = useTeamContext();
  // A paused member cannot act for the business: its Help tab waits for the owner's upgrade.
  const helpShown = Boolean(team.data && !team.data.paused);
  const shown = tab === 'help' && helpShown ? 'help' : tab === 'settings' ? 'settings' : 'personal';
  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6">
      {header}
      <Tabs value={shown} onValueChange={onTab} className="grid gap-4">
        <TabsList aria-label={t('profileSections')} className="overflow-x-auto">
          <TabsTrigger value="personal" className={tabClass}>
            {t('tabPersonal')}
          </TabsTrigger>
          {helpShown ? (
            <TabsTrigger value="help" className={tabClass}>
              {t('tabHelp')}
            </TabsTrigger>
          ) : null}
          <TabsTrigger value="settings" className={tabClass}>
            {t('tabSettings')}
          </TabsTrigger>
        </TabsList>
        <TabsContent
          value="personal"
          forceMount
          hidden={shown !== 'personal'}
          className="grid gap-4"
        >
          {team.isPending ? (
            <div
              className="h-24 animate-pulse rounded-xl bg-muted"
              role="status"
              aria-label={t('loadingBusiness')}
            />
          ) : team.isError ? (
            <Card role="alert" className="grid justify-items-start gap-2 p-4">
              <p className="font-semibold text-destructive">
                {t('businessLoadFailed', { message: team.error.message })}
              </p>
              <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
                {t('tryAgain')}
              </Button>
            </Card>
          ) : team.data ? (
            <WorkCard team={team.data} />
          ) : null}
          <PersonalForm
            form={editor.forms.personal}
            editing={editor.editing}
            contacts={user.contacts}
          />
        </TabsContent>
        {helpShown ? (
          <TabsContent value="help">
            <Suspense fallback={<TabLoading label={t('loadingHelp')} />}>
              <SupportTab />
            </Suspense>
          </TabsContent>
        ) : null}
        <TabsContent value="settings" className="grid gap-4">
          <Suspense fallback={<TabLoading label={t('loadingSettings')} />}>
            <SettingsCards user={user} />
          </Suspense>
          <Card className="grid gap-2 p-4 sm:grid-cols-2">
            <QuickAction href="/bookings?tab=history" icon={<CalendarClock aria-hidden />}>
              {t('bookingHistory')}
            </QuickAction>
            <QuickAction onClick={onSignOut} icon={<LogOut aria-hidden />}>
              {t('signOut')}
            </QuickAction>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
