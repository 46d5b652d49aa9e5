import { CloudOff } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useFormat } from '#web/lib/format.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { bookingsText } from '../text.ts';
import { TOO_OLD } from './outbox.ts';
import type { QueuedBooking } from './outbox.ts';
import { useDropQueuedBooking, useQueuedBookings } from './use-outbox.ts';

/** Requests made without a connection, waiting on this device; each can be cancelled before it leaves. */
export function QueuedBookings({ userId }: { userId: string }) {
  const t = useText(bookingsText);
  const f = useFormat();
  const label = useLabel();
  const queued = useQueuedBookings(userId);
  const drop = useDropQueuedBooking(userId);
  if (!queued.data?.length) return null;

  const remove = (entry: QueuedBooking) =>
    drop.mutate(entry.key, {
      onSuccess: () => {
        const text = textOf(bookingsText);
        toast({
          title: text(entry.refusal ? 'requestRemoved' : 'requestCancelled'),
          description: entry.refusal
            ? undefined
            : text('requestNotSent', { name: entry.businessName }),
        });
      },
      onError: () =>
        toast({ title: textOf(bookingsText)('couldNotRemove'), variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="queued-title" className="grid gap-3">
      <h2 id="queued-title" className="flex items-center gap-2 text-lg font-bold">
        <CloudOff className="size-5" aria-hidden />{' '}
        {t('waitingToSend', { count: queued.data.length })}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {queued.data.map((entry) => (
          <li key={entry.key}>
            <Card className="grid gap-2 p-4" data-testid="queued-booking">
              <div className="flex items-start justify-between gap-2">
                <p className="font-bold leading-tight" translate="no">
                  {entry.businessName}
                </p>
                <span
                  className={
                    entry.refusal
                      ? 'shrink-0 rounded-full bg-destructive px-2.5 py-0.5 text-xs font-bold text-destructive-foreground'
                      : 'shrink-0 rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold text-black'
                  }
                >
                  {entry.refusal ? t('notSent') : t('queued')}
                </span>
              </div>
              <p className="text-sm">
                {label('service', entry.input.serviceType)}
                {entry.input.preferredTime
                  ? ` · ${label('preferredTime', entry.input.preferredTime)}`
                  : ''}
              </p>
              <p className="text-sm text-muted-foreground" translate="no">
                {entry.input.vehicleDetails}
              </p>
              <p className="text-sm" role={entry.refusal ? 'alert' : undefined}>
                {entry.refusal
                  ? t('notAccepted', {
                      reason: entry.refusal === TOO_OLD ? t('tooOld') : entry.refusal,
                    })
                  : t('madeAt', { time: f.time(entry.queuedAt) })}
              </p>
              <Button variant="outline" disabled={drop.isPending} onClick={() => remove(entry)}>
                {entry.refusal ? t('remove') : t('cancelRequest')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
