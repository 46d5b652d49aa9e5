import { CalendarClock, CreditCard, LogOut, Star, User as UserIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useLogout, useMe } from '#web/features/auth/index.ts';
import { loadBillingTab } from '#web/features/billing/index.ts';
import {
  useMyBusiness,
  useSetAvailability,
  useUploadAvatar,
  useUploadBusinessPhoto,
} from '../api/use-profile.ts';
import { useProfileEditor } from '../api/use-profile-editor.ts';
import { AccountSecurityCard } from '../components/account-security.tsx';
import { BusinessTab } from '../components/business-tab.tsx';
import { CreateBusinessCard } from '../components/create-business-card.tsx';
import { PendingChangesNotice } from '../components/pending-changes-notice.tsx';
import { PersonalForm } from '../components/personal-form.tsx';
import { PhotoPicker } from '../components/photo-picker.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ServicesTab } from '../components/services-tab.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import { VehiclesCard } from '../components/vehicles-card.tsx';

// Billing (plans, Stripe Elements on demand) loads only when its tab opens.
const BillingTab = lazy(loadBillingTab);

function Skeleton() {
  return (
    <div
      className="mx-auto grid max-w-4xl gap-4 px-4 py-6"
      role="status"
      aria-label="Loading profile"
    >
      {[28, 64, 48].map((h) => (
        <div
          key={h}
          className="animate-pulse rounded-xl bg-muted"
          style={{ height: `${h * 4}px` }}
        />
      ))}
    </div>
  );
}

function QuickAction({
  icon,
  children,
  ...props
}: { icon: ReactNode; children: ReactNode } & ({ href: string } | { onClick: () => void })) {
  const className = buttonVariants({ variant: 'outline', className: 'justify-start' });
  return 'href' in props ? (
    <Link href={props.href} className={className}>
      {icon}
      {children}
    </Link>
  ) : (
    <Button variant="outline" className="justify-start" onClick={props.onClick}>
      {icon}
      {children}
    </Button>
  );
}

const tabClass = 'px-1 text-xs sm:px-3 sm:text-sm';
const profileTabs = [
  ['personal', 'Personal'],
  ['business', 'Business'],
  ['services', 'Services'],
  ['billing', 'Billing'],
  ['settings', 'Settings'],
] as const;
/** Until the business exists, Business holds its creation form; services and billing wait for it. */
const tabsBeforeBusiness = profileTabs.filter(([value]) =>
  ['personal', 'business', 'settings'].includes(value),
);

function Profile({ user, provider }: { user: PublicUser; provider: OwnProvider | null }) {
  const [, navigate] = useLocation();
  const initialTab = new URLSearchParams(useSearch()).get('tab');
  // ?tab=subscription (the return address after paying) and ?tab=payment-history open Billing.
  const billingSection =
    initialTab === 'subscription'
      ? 'subscription'
      : initialTab === 'payment-history'
        ? 'history'
        : undefined;
  const [tab, setTab] = useState(
    billingSection ? 'billing' : (initialTab ?? (provider ? 'personal' : 'business')),
  );
  const editor = useProfileEditor(user, provider);
  const { personal, business, services } = editor.forms;
  const { editing, saving, cancel, save } = editor;
  const logout = useLogout();
  const availability = useSetAvailability(user.id, provider?.id ?? '');
  const avatarUpload = useUploadAvatar(user.id);
  const businessPhotoUpload = useUploadBusinessPhoto(user.id, provider?.id ?? '');
  const isMechanic = user.role === 'mechanic';

  const tabs = provider ? profileTabs : tabsBeforeBusiness;
  // A tab that is not there yet (e.g. ?tab=billing before the business exists) opens Business.
  const shownTab = tabs.some(([value]) => value === tab) ? tab : 'business';
  const edit = () => {
    editor.start();
    // Before the business exists, Edit Profile edits the personal details only.
    if (isMechanic && !provider && shownTab === 'business') setTab('personal');
  };

  const signOut = () => logout.mutate(undefined, { onSuccess: () => navigate('/') });
  const header = (
    <ProfileHeader
      user={user}
      provider={provider}
      editing={editing}
      saving={saving}
      onEdit={edit}
      onCancel={cancel}
      onSave={() => void save()}
      statusBusy={availability.isPending}
      photoUpload={provider ? businessPhotoUpload : avatarUpload}
      onStatus={
        provider
          ? (status) =>
              availability.mutate(status, {
                onError: (error) =>
                  toast({
                    title: 'Update Failed',
                    description: error.message,
                    variant: 'destructive',
                  }),
              })
          : undefined
      }
    />
  );

  if (!isMechanic)
    return (
      <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6">
        {header}
        <PersonalForm form={personal} editing={editing} />
        <VehiclesCard user={user} />
        <SettingsCard user={user} />
        <AccountSecurityCard user={user} />
        <Card className="grid gap-2 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <QuickAction href="/bookings?tab=history" icon={<CalendarClock aria-hidden />}>
            Booking History
          </QuickAction>
          <QuickAction href="/bookings?tab=history&show=to-rate" icon={<Star aria-hidden />}>
            Rate Services
          </QuickAction>
          <QuickAction href="/payment-methods" icon={<CreditCard aria-hidden />}>
            Payment Methods
          </QuickAction>
          <QuickAction onClick={signOut} icon={<LogOut aria-hidden />}>
            Sign Out
          </QuickAction>
        </Card>
      </div>
    );

  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6">
      {header}
      <Tabs value={shownTab} onValueChange={setTab} className="grid gap-4">
        <TabsList aria-label="Profile sections" className="overflow-x-auto">
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className={tabClass}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="personal" forceMount hidden={shownTab !== 'personal'}>
          <PersonalForm
            form={personal}
            editing={editing}
            // Without a business, the header already carries the profile photo.
            photo={
              provider ? (
                <PhotoPicker
                  src={user.avatarUrl}
                  fallback={UserIcon}
                  label="Change profile photo"
                  upload={avatarUpload}
                  className="size-12"
                />
              ) : undefined
            }
          />
        </TabsContent>
        <TabsContent value="business" forceMount hidden={shownTab !== 'business'}>
          {provider ? (
            <>
              <PendingChangesNotice provider={provider} />
              <BusinessTab form={business} editing={editing} />
            </>
          ) : (
            <CreateBusinessCard user={user} />
          )}
        </TabsContent>
        {provider ? (
          <>
            <TabsContent value="services" forceMount hidden={shownTab !== 'services'}>
              <ServicesTab form={services} editing={editing} />
            </TabsContent>
            <TabsContent value="billing">
              <Suspense
                fallback={
                  <div
                    className="h-64 animate-pulse rounded-xl bg-muted"
                    role="status"
                    aria-label="Loading billing"
                  />
                }
              >
                <BillingTab user={user} initialSection={billingSection} />
              </Suspense>
            </TabsContent>
          </>
        ) : null}
        <TabsContent value="settings" className="grid gap-4">
          <SettingsCard user={user} />
          <AccountSecurityCard user={user} />
          <Card className="grid gap-2 p-4">
            <h2 className="text-lg font-bold">Quick Actions</h2>
            <div className="grid gap-2 sm:grid-cols-2">
              <QuickAction href="/bookings?tab=history" icon={<CalendarClock aria-hidden />}>
                Booking History
              </QuickAction>
              {provider ? (
                <>
                  <QuickAction href={`/providers/${provider.id}`} icon={<Star aria-hidden />}>
                    Reviews & Ratings
                  </QuickAction>
                  <QuickAction onClick={() => setTab('billing')} icon={<CreditCard aria-hidden />}>
                    Payment & Billing
                  </QuickAction>
                </>
              ) : null}
              <QuickAction onClick={signOut} icon={<LogOut aria-hidden />}>
                Sign Out
              </QuickAction>
            </div>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The signed-in user's own profile: a driver's details and fleet, or a mechanic's business. */
export default function ProfilePage() {
  const me = useMe();
  const business = useMyBusiness(me.data?.role === 'mechanic' ? me.data.id : undefined);
  if (me.isPending || (me.data?.role === 'mechanic' && business.isPending)) return <Skeleton />;
  if (!me.data)
    return <p className="px-4 py-12 text-center text-lg font-semibold">User not found</p>;
  if (business.isError)
    return (
      <div role="alert" className="grid justify-items-center gap-3 px-4 py-12 text-center">
        <p className="font-semibold text-destructive">
          Could not load your business: {business.error.message}
        </p>
        <Button variant="outline" onClick={() => void business.refetch()}>
          Try Again
        </Button>
      </div>
    );
  return <Profile key={me.data.id} user={me.data} provider={business.data ?? null} />;
}
