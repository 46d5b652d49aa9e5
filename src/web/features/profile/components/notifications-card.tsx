import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { PushDeviceSwitch } from '#web/features/notifications/index.ts';

/** Settings' Notifications group: where and how this account is told. */
export function NotificationsCard({ user }: { user: PublicUser }) {
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="notifications-title" role="group">
      <h2 id="notifications-title" className="text-lg font-bold">
        Notifications
      </h2>
      <PushDeviceSwitch userId={user.id} />
    </Card>
  );
}
