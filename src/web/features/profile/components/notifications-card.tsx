import { lazy, Suspense } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { loadPreferencesCard, loadPushDeviceSwitch } from '#web/features/notifications/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';

// Browser push code and the choices grid load only where this group shows.
const PushDeviceSwitch = lazy(() =>
  loadPushDeviceSwitch().then((m) => ({ default: m.PushDeviceSwitch })),
);
const NotificationPreferencesCard = lazy(() =>
  loadPreferencesCard().then((m) => ({ default: m.NotificationPreferencesCard })),
);

const loading = (label: string, height: string) => (
  <div
    className={`${height} animate-pulse rounded-xl bg-muted`}
    role="status"
    aria-busy="true"
    aria-label={label}
  />
);

/** Settings' Notifications group: this device, then what reaches the account and how. */
export function NotificationsCard({ user }: { user: PublicUser }) {
  const t = useText(profileText);
  return (
    <div role="group" aria-labelledby="notifications-title" className="grid gap-3">
      <Card className="grid gap-3 p-4">
        <h2 id="notifications-title" className="text-lg font-bold">
          {t('notifications')}
        </h2>
        <Suspense fallback={loading(t('loadingNotificationSettings'), 'h-20')}>
          <PushDeviceSwitch userId={user.id} />
        </Suspense>
      </Card>
      <Suspense fallback={loading(t('loadingNotificationChoices'), 'h-72')}>
        <NotificationPreferencesCard user={user} />
      </Suspense>
    </div>
  );
}
