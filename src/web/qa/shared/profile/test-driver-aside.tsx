import type { ReactNode } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { AccountEvents, type AccountEvent } from './account-events.tsx';
import { ProfileSnapshot } from './profile-snapshot.tsx';

/** Beside a run: what happened to its test driver, and its profile as the server last answered. */
export function TestDriverAside({
  label,
  events,
  noEvents,
  profile,
  noProfile,
  children,
}: {
  label: string;
  events: readonly AccountEvent[];
  noEvents: string;
  profile: PublicUser | undefined;
  noProfile: string;
  /** Shown under the events. */
  children?: ReactNode;
}) {
  return (
    <aside className="grid content-start gap-4" aria-label={label}>
      <Card className="grid gap-3 p-4">
        <h2 className="text-lg font-bold">Test driver</h2>
        {events.length ? (
          <AccountEvents events={events} />
        ) : (
          <p className="text-sm text-muted-foreground">{noEvents}</p>
        )}
        {children}
      </Card>
      <ProfileSnapshot user={profile} title="Profile as the server answered" empty={noProfile} />
    </aside>
  );
}
