import type { PublicUser } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { Card } from '#web/components/ui/card.tsx';
import { aaaMembershipText, vehiclesOf } from './fleet.ts';

/** A profile exactly as the server last answered it. */
export function ProfileSnapshot({
  user,
  title,
  empty,
}: {
  user: PublicUser | undefined;
  title: string;
  empty: string;
}) {
  const vehicles = vehiclesOf(user);
  const rows: [string, string][] = user
    ? [
        ['Name', user.name],
        ['Email', user.email],
        ['Phone', user.phone],
        ['Location', user.location || '—'],
        ['AAA Membership', aaaMembershipText(user)],
        ['Vehicles', vehicles.length ? vehicles.map(vehicleName).join(', ') : 'None'],
      ]
    : [];
  return (
    <Card className="grid content-start gap-3 p-4" data-testid="profile-snapshot">
      <h2 className="text-lg font-bold">{title}</h2>
      <div aria-live="polite">
        {user ? (
          <dl className="grid gap-2 text-sm">
            {rows.map(([term, value]) => (
              <div key={term} className="grid grid-cols-[7.5rem_1fr] gap-2">
                <dt className="font-semibold text-muted-foreground">{term}</dt>
                <dd className="min-w-0 wrap-anywhere">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{empty}</p>
        )}
      </div>
    </Card>
  );
}
