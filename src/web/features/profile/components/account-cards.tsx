import type { PublicUser } from '#core/users/schemas.ts';
import { AccountSecurityCard } from './account-security.tsx';
import { NotificationsCard } from './notifications-card.tsx';

/** Notifications and Account Security, the profile's cards below Settings (a module of their own). */
export default function AccountCards({ user }: { user: PublicUser }) {
  return (
    <>
      <NotificationsCard user={user} />
      <AccountSecurityCard user={user} />
    </>
  );
}
