import { UserMinus, UserPlus, XCircle } from 'lucide-react';
import type { QaResponse } from '../qa-api.ts';

/** What happened to a test account: made for a run, then deleted (or not). */
export interface AccountEvent {
  kind: 'created' | 'create-failed' | 'deleted' | 'delete-failed';
  email?: string;
  response: QaResponse;
}

const describe = (event: AccountEvent) => {
  const who = event.email ?? 'test driver';
  switch (event.kind) {
    case 'created':
      return `Created ${who}`;
    case 'create-failed':
      return 'Could not create the test driver';
    case 'deleted':
      return `Deleted ${who}`;
    case 'delete-failed':
      return `Could not delete ${who}`;
  }
};

/** The test accounts' lifecycle, with each call's status, message and time. */
export function AccountEvents({ events }: { events: readonly AccountEvent[] }) {
  return (
    <ul className="grid gap-1.5 text-sm" aria-live="polite" aria-label="Test account">
      {events.map((event, index) => {
        const failed = event.kind.endsWith('failed');
        const Icon = failed ? XCircle : event.kind === 'created' ? UserPlus : UserMinus;
        return (
          <li key={index} className="flex items-start gap-2" data-testid={`account-${event.kind}`}>
            <Icon
              className={
                failed ? 'size-4 shrink-0 text-destructive' : 'size-4 shrink-0 text-success'
              }
              aria-hidden
            />
            <span className={failed ? 'wrap-anywhere text-destructive' : 'wrap-anywhere'}>
              {describe(event)} · {event.response.method} {event.response.path} · HTTP{' '}
              {event.response.status} {event.response.message} · {event.response.ms} ms
            </span>
          </li>
        );
      })}
    </ul>
  );
}
