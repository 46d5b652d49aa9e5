import { Suspense, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useLogout, useMe } from '#web/features/auth/index.ts';
import { offerPushPrompt } from '#web/features/notifications/index.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import {
  useMyBusiness,
  useSetAvailability,
  useUploadAvatar,
  useUploadBusinessPhoto,
} from '../api/use-profile.ts';
import { useProfileEditor } from '../api/use-profile-editor.ts';
import { ProfileHeader } from '../components/profile-header.tsx';
import { isTeamRole } from '#core/users/roles.ts';
import { shownProfileTab } from './profile-tabs.ts';
import { driverProfile, mechanicProfile, memberProfile } from './role-profiles.ts';
import { profileText } from '../text.ts';

// What the page's data loads ahead (page-data.ts), through this module.
export { loadCreateBusiness, loadProfileOf } from './role-profiles.ts';

function Skeleton() {
  const t = useText(profileText);
  return (
    <div
      className="mx-auto grid max-w-4xl gap-4 px-4 py-6"
      role="status"
      aria-label={t('loadingProfile')}
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
  const { editing, saving, cancel, save } = editor;
  const logout = useLogout();
  const availability = useSetAvailability(user.id, provider?.id ?? '');
  const avatarUpload = useUploadAvatar(user.id);
  const businessPhotoUpload = useUploadBusinessPhoto(user.id, provider?.id ?? '');
  const isMechanic = user.role === 'mechanic';

  const shownTab = shownProfileTab(tab, provider);
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
                onSuccess: () => {
                  if (status === 'available') offerPushPrompt('provider-available');
                },
                onError: (error) =>
                  toast({
                    title: textOf(profileText)('updateFailed'),
                    description: error.message,
                    variant: 'destructive',
                  }),
              })
          : undefined
      }
    />
  );

  if (isTeamRole(user.role))
    return (
      <memberProfile.Component
        user={user}
        header={header}
        editor={editor}
        tab={tab}
        onTab={setTab}
        onSignOut={signOut}
      />
    );
  if (!isMechanic)
    return (
      <driverProfile.Component user={user} header={header} editor={editor} onSignOut={signOut} />
    );
  return (
    <mechanicProfile.Component
      user={user}
      provider={provider}
      header={header}
      editor={editor}
      tab={shownTab}
      onTab={setTab}
      billingSection={billingSection}
      avatarUpload={avatarUpload}
      onSignOut={signOut}
    />
  );
}

/** The signed-in user's own profile: a driver's details and fleet, or a mechanic's business. */
export default function ProfilePage() {
  const t = useText(profileText);
  const me = useMe();
  const business = useMyBusiness(me.data?.role === 'mechanic' ? me.data.id : undefined);
  if (me.isPending || (me.data?.role === 'mechanic' && business.isPending)) return <Skeleton />;
  if (!me.data)
    return <p className="px-4 py-12 text-center text-lg font-semibold">{t('userNotFound')}</p>;
  if (business.isError)
    return (
      <div role="alert" className="grid justify-items-center gap-3 px-4 py-12 text-center">
        <p className="font-semibold text-destructive">
          {t('businessLoadFailed', { message: business.error.message })}
        </p>
        <Button variant="outline" onClick={() => void business.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  return (
    <Suspense fallback={<Skeleton />}>
      <Profile key={me.data.id} user={me.data} provider={business.data ?? null} />
    </Suspense>
  );
}
