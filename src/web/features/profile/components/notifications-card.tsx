import { lazy, Suspense } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { loadPushDeviceSwitch } from '#web/features/notifications/index.ts';

// Browser push code loads only where this group shows.
const PushDeviceSwitch = lazy(() =>
  loadPushDeviceSwitch().then((m) => ({ default: m.PushDeviceSwitch })),
);

/** Settings' Notifications group: where and how this account is told. */
export function NotificationsCard({ user }: { user: PublicUser }) {
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="notifications-title" role="group">
      <h2 id="notifications-title" className="text-lg font-bold">
        Notifications
      </h2>
      <Suspense
        fallback={
          <div
            className="h-20 animate-pulse rounded-xl bg-muted"
            role="status"
            aria-label="Loading notification settings"
          />
        }
      >
        <PushDeviceSwitch userId={user.id} />
      </Suspense>
    </Card>
  );
}
