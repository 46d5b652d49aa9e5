import type { PublicUser } from '#core/users/schemas.ts';
import { AccountCardsSlot } from './account-cards-slot.tsx';
import { SettingsCard } from './settings-card.tsx';

/**
 * A provider's or team member's Settings tab: its code loads when the tab opens. (A driver's
 * profile shows the same cards in its one column and imports them itself: were it to import this
 * module too, the bundler would make it a file of its own on the driver's first load.)
 */
export default function SettingsCards({ user }: { user: PublicUser }) {
  return (
    <>
      <SettingsCard user={user} />
      <AccountCardsSlot user={user} />
    </>
  );
}
