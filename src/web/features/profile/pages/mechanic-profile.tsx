import { CalendarClock, CreditCard, LogOut, Star, User as UserIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { loadBillingTab } from '#web/features/billing/index.ts';
import { loadPayoutsCard } from '#web/features/payouts/index.ts';
import { SupportTab } from '#web/features/support/index.ts';
import { TeamTab } from '#web/features/team/index.ts';
import { ApiTokensSection } from '#web/features/api-tokens/index.ts';
import { WebhooksSection } from '#web/features/webhooks/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { preloadable } from '#web/lib/preloadable.ts';
import type { useUploadAvatar } from '../api/use-profile.ts';
import type { useProfileEditor } from '../api/use-profile-editor.ts';
import { BusinessTab } from '../components/business-tab.tsx';
import { PendingChangesNotice } from '../components/pending-changes-notice.tsx';
import { PersonalForm } from '../components/personal-form.tsx';
import { PhotoPicker } from '../components/photo-picker.tsx';
import { ServicesTab } from '../components/services-tab.tsx';
import { TabLoading } from '../components/tab-loading.tsx';
import { tabsOf } from './profile-tabs.ts';
import { QuickAction } from './quick-action.tsx';
import { profileText } from '../text.ts';

// Billing (plans, Stripe Elements on demand) loads only when its tab opens.
const BillingTab = lazy(loadBillingTab);
// The business creation form, which a mechanic without a business opens on: the page's data
// loads it ahead (role-profiles.ts).
export const createBusinessCard = preloadable(async () => ({
  default: (await import('../components/create-business-card.tsx')).CreateBusinessCard,
}));
// The Settings tab's cards load when it opens.
const SettingsCards = lazy(() => import('../components/settings-cards.tsx'));
// Payouts (balance, schedule, payouts) load when the Business tab is shown.
const PayoutsCard = lazy(() => loadPayoutsCard().then((m) => ({ default: m.PayoutsCard })));

const tabClass = 'px-3 text-sm';
/** A mechanic's profile: the header above tabs for the person, the business, services, billing and settings. */
export function MechanicProfile({
  user,
  provider,
  header,
  editor,
  tab,
  onTab,
  billingSection,
  avatarUpload,
  onSignOut,
}: {
  user: PublicUser;
  provider: OwnProvider | null;
  header: ReactNode;
  editor: ReturnType<typeof useProfileEditor>;
  /** The tab shown (`shownProfileTab`). */
  tab: string;
  onTab: (tab: string) => void;
  /** The part of Billing to open first (from `?tab=`). */
  billingSection: 'subscription' | 'history' | undefined;
  avatarUpload: ReturnType<typeof useUploadAvatar>;
  onSignOut: () => void;
}) {
  const t = useText(profileText);
  const { personal, business, services } = editor.forms;
  const { editing } = editor;
  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6">
      {header}
      <Tabs value={tab} onValueChange={onTab} className="grid gap-4">
        {/* Seven tabs do not fit a phone: there they keep their own width and the strip scrolls. */}
        <TabsList
          aria-label={t('profileSections')}
          className="auto-cols-max overflow-x-auto sm:auto-cols-fr"
        >
          {tabsOf(provider).map(([value, label]) => (
            <TabsTrigger key={value} value={value} className={tabClass}>
              {t(label)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="personal" forceMount hidden={tab !== 'personal'}>
          <PersonalForm
            form={personal}
            editing={editing}
            contacts={user.contacts}
            // Without a business, the header already carries the profile photo.
            photo={
              provider ? (
                <PhotoPicker
                  src={user.avatarUrl}
                  fallback={UserIcon}
                  label={t('changeProfilePhoto')}
                  upload={avatarUpload}
                  className="size-12"
                />
              ) : undefined
            }
          />
        </TabsContent>
        <TabsContent value="business" forceMount hidden={tab !== 'business'}>
          {provider ? (
            <>
              <PendingChangesNotice provider={provider} />
              <BusinessTab form={business} editing={editing} />
              {tab === 'business' ? (
                <Suspense
                  fallback={
                    <div
                      className="mt-4 h-40 animate-pulse rounded-xl bg-muted"
                      role="status"
                      aria-label={t('loadingPayouts')}
                    />
                  }
                >
                  <div className="mt-4">
                    <PayoutsCard />
                  </div>
                </Suspense>
              ) : null}
              {tab === 'business' ? (
                <Suspense fallback={<TabLoading label={t('loadingApiAccess')} />}>
                  <div className="mt-4">
                    <ApiTokensSection onUpgrade={() => onTab('billing')} />
                  </div>
                </Suspense>
              ) : null}
              {tab === 'business' ? (
                <Suspense fallback={<TabLoading label={t('loadingWebhooks')} />}>
                  <div className="mt-4">
                    <WebhooksSection onUpgrade={() => onTab('billing')} />
                  </div>
                </Suspense>
              ) : null}
            </>
          ) : (
            <Suspense fallback={<TabLoading label={t('loadingBusiness')} />}>
              <createBusinessCard.Component user={user} />
            </Suspense>
          )}
        </TabsContent>
        {provider ? (
          <>
            <TabsContent value="services" forceMount hidden={tab !== 'services'}>
              <ServicesTab form={services} editing={editing} />
            </TabsContent>
            <TabsContent value="billing">
              <Suspense
                fallback={
                  <div
                    className="h-64 animate-pulse rounded-xl bg-muted"
                    role="status"
                    aria-label={t('loadingBilling')}
                  />
                }
              >
                <BillingTab user={user} initialSection={billingSection} />
              </Suspense>
            </TabsContent>
            <TabsContent value="team">
              <Suspense fallback={<TabLoading label={t('loadingTeam')} />}>
                <TeamTab onUpgrade={() => onTab('billing')} />
              </Suspense>
            </TabsContent>
            <TabsContent value="help">
              <Suspense fallback={<TabLoading label={t('loadingHelp')} />}>
                <SupportTab />
              </Suspense>
            </TabsContent>
          </>
        ) : null}
        <TabsContent value="settings" className="grid gap-4">
          <Suspense fallback={<TabLoading label={t('loadingSettings')} />}>
            <SettingsCards user={user} />
          </Suspense>
          <Card className="grid gap-2 p-4">
            <h2 className="text-lg font-bold">{t('quickActions')}</h2>
            <div className="grid gap-2 sm:grid-cols-2">
              <QuickAction href="/bookings?tab=history" icon={<CalendarClock aria-hidden />}>
                {t('bookingHistory')}
              </QuickAction>
              {provider ? (
                <>
                  <QuickAction href={`/providers/${provider.id}`} icon={<Star aria-hidden />}>
                    {t('reviewsRatings')}
                  </QuickAction>
                  <QuickAction onClick={() => onTab('billing')} icon={<CreditCard aria-hidden />}>
                    {t('paymentBilling')}
                  </QuickAction>
                </>
              ) : null}
              <QuickAction onClick={onSignOut} icon={<LogOut aria-hidden />}>
                {t('signOut')}
              </QuickAction>
            </div>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
