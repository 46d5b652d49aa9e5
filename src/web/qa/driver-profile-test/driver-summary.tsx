import { MapPin, ShieldCheck, User } from 'lucide-react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { aaaMembershipText } from '../shared/profile/fleet.ts';

/** The driver whose fleet is shown: name, location and AAA membership. */
export function DriverSummary({ user }: { user: PublicUser }) {
  const rows = [
    { icon: User, term: 'Name', value: user.name },
    { icon: MapPin, term: 'Location', value: user.location?.trim() || 'Not set' },
    { icon: ShieldCheck, term: 'AAA Membership', value: aaaMembershipText(user) },
  ];
  return (
    <Card className="p-4" data-testid="driver-summary">
      <h2 className="sr-only">Driver</h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {rows.map(({ icon: Icon, term, value }) => (
          <div key={term} className="flex min-w-0 items-start gap-2">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <div className="grid min-w-0">
              <dt className="text-xs font-semibold text-muted-foreground uppercase">{term}</dt>
              <dd className="font-semibold wrap-anywhere">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
    </Card>
  );
}
