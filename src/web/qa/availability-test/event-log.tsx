import { Radio } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useServerEventsConnected } from '#web/lib/server-events.ts';
import { StatusBadge } from '#web/features/providers/index.ts';
import type { EventEntry } from './use-status-run.ts';

export function EventLog({ events }: { events: readonly EventEntry[] }) {
  const connected = useServerEventsConnected();
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Radio className="size-5" aria-hidden /> Live events
        </h2>
        <Badge variant={connected ? 'success' : 'destructive'} data-testid="events-connection">
          {connected ? 'Stream connected' : 'Stream not connected'}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        provider-status events from GET /api/events for this provider, newest first, with the time
        since the matching status was sent from this page.
      </p>
      <ol
        className="grid gap-2"
        aria-live="polite"
        aria-label="provider-status events"
        data-testid="event-log"
      >
        {events.length === 0 ? (
          <li className="text-sm text-muted-foreground">No event yet.</li>
        ) : (
          events.map((event) => (
            <li
              key={event.key}
              className="flex flex-wrap items-center gap-2 rounded-lg border p-2 text-sm"
            >
              <span className="tabular-nums">{event.receivedAt.toLocaleTimeString()}</span>
              <StatusBadge status={event.status} />
              <span className="text-muted-foreground">
                {event.delayMs !== null
                  ? `${event.delayMs} ms after sending`
                  : 'not sent from this page'}
              </span>
            </li>
          ))
        )}
      </ol>
    </Card>
  );
}
