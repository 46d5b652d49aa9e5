import type { PublicUser } from '#core/users/schemas.ts';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';

/** Settings → Notifications: this device, then what reaches the user and how. */
export function NotificationsSettings({ user }: { user: PublicUser }) {
  return (
    <section aria-labelledby="notifications-settings" className="grid gap-3">
      <h2 id="notifications-settings" className="text-lg font-bold">
        Notifications
      </h2>
      <NotificationPreferencesCard user={user} />
    </section>
  );
}
