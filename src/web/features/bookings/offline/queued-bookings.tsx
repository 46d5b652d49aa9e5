import { CloudOff } from 'lucide-react';
import { preferredTimeLabels } from '#core/bookings/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import type { QueuedBooking } from './outbox.ts';
import { useDropQueuedBooking, useQueuedBookings } from './use-outbox.ts';

const queuedTime = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/** Requests made without a connection, waiting on this device; each can be cancelled before it leaves. */
export function QueuedBookings({ userId }: { userId: string }) {
  const queued = useQueuedBookings(userId);
  const drop = useDropQueuedBooking(userId);
  if (!queued.data?.length) return null;

  const remove = (entry: QueuedBooking) =>
    drop.mutate(entry.key, {
      onSuccess: () =>
        toast({
          title: entry.refusal ? 'Request removed' : 'Request cancelled',
          description: entry.refusal
            ? undefined
            : `Your request to ${entry.businessName} will not be sent.`,
        }),
      onError: () => toast({ title: 'Could not remove the request', variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="queued-title" className="grid gap-3">
      <h2 id="queued-title" className="flex items-center gap-2 text-lg font-bold">
        <CloudOff className="size-5" aria-hidden /> Waiting to send ({queued.data.length})
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {queued.data.map((entry) => (
          <li key={entry.key}>
            <Card className="grid gap-2 p-4" data-testid="queued-booking">
              <div className="flex items-start justify-between gap-2">
                <p className="font-bold leading-tight">{entry.businessName}</p>
                <span
                  className={
                    entry.refusal
                      ? 'shrink-0 rounded-full bg-destructive px-2.5 py-0.5 text-xs font-bold text-destructive-foreground'
                      : 'shrink-0 rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold text-black'
                  }
                >
                  {entry.refusal ? 'Not sent' : 'Queued'}
                </span>
              </div>
              <p className="text-sm">
                {entry.input.serviceType}
                {entry.input.preferredTime
                  ? ` · ${preferredTimeLabels[entry.input.preferredTime]}`
                  : ''}
              </p>
              <p className="text-sm text-muted-foreground">{entry.input.vehicleDetails}</p>
              <p className="text-sm" role={entry.refusal ? 'alert' : undefined}>
                {entry.refusal
                  ? `Not accepted: ${entry.refusal}`
                  : `Made at ${queuedTime(entry.queuedAt)}; it will be sent when you're back online.`}
              </p>
              <Button variant="outline" disabled={drop.isPending} onClick={() => remove(entry)}>
                {entry.refusal ? 'Remove' : 'Cancel request'}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
