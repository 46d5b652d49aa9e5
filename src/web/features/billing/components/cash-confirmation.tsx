import { Banknote, Hourglass, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { disputeCashInput } from '#core/billing/schemas.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCashConfirmation } from '../api/use-cash-confirmation.ts';

/** A job's payment that is neither paid nor free to pay again: cash awaiting or in dispute. */
export const paymentInPlay = (payment: Booking['payment']) =>
  payment?.status === 'processing' ||
  payment?.status === 'awaiting_confirmation' ||
  payment?.status === 'disputed';

function Note({ tone, children }: { tone: 'wait' | 'alert'; children: React.ReactNode }) {
  const Icon = tone === 'wait' ? Hourglass : TriangleAlert;
  return (
    <p
      className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm"
      role="status"
      data-testid="cash-status"
    >
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${tone === 'wait' ? 'text-primary' : 'text-destructive'}`}
        aria-hidden
      />
      <span>{children}</span>
    </p>
  );
}

/** What the driver sees of a payment in play. */
export function DriverPaymentStatus({ payment }: { payment: Booking['payment'] }) {
  if (!payment || !paymentInPlay(payment)) return null;
  if (payment.status === 'disputed')
    return (
      <Note tone="alert">
        The provider disputed your {formatUsd(payment.amount)} cash payment. Our team is reviewing
        it and will let you know.
      </Note>
    );
  if (payment.status === 'processing')
    return <Note tone="wait">Your payment is being processed.</Note>;
  return (
    <Note tone="wait">
      Cash payment of {formatUsd(payment.amount)} recorded. Waiting for the provider to confirm they
      received it.
    </Note>
  );
}

/** The provider confirms or disputes the driver's cash payment of the job. */
export function CashConfirmation({
  payment,
  driverName,
}: {
  payment: Booking['payment'];
  driverName: string;
}) {
  const [disputing, setDisputing] = useState(false);
  const settle = useCashConfirmation();
  if (!payment || payment.paymentMethod !== 'cash') return null;
  if (payment.status === 'disputed')
    return (
      <Note tone="alert">
        You disputed this {formatUsd(payment.amount)} cash payment. Our team is reviewing it.
      </Note>
    );
  if (payment.status !== 'awaiting_confirmation') return null;

  const confirm = () =>
    settle.mutate(
      { paymentId: payment.id },
      {
        onSuccess: () => toast({ title: 'Cash payment confirmed', variant: 'success' }),
        onError: (error) =>
          toast({ title: 'Could not confirm', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <section
      className="grid gap-3 rounded-xl border border-primary p-3"
      aria-labelledby={`cash-${payment.id}`}
      data-testid="cash-confirmation"
    >
      <h3 id={`cash-${payment.id}`} className="flex items-center gap-2 font-semibold">
        <Banknote className="size-4 text-primary" aria-hidden />
        {driverName} says they paid {formatUsd(payment.amount)} in cash
      </h3>
      <p className="text-sm text-muted-foreground">
        The job counts as paid once you confirm you received it.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button disabled={settle.isPending} onClick={confirm} className="sm:order-2">
          {settle.isPending && !disputing ? 'Confirming...' : 'Confirm Cash Received'}
        </Button>
        <Button variant="outline" disabled={settle.isPending} onClick={() => setDisputing(true)}>
          Dispute
        </Button>
      </div>
      {disputing ? (
        <ReasonDialog
          title="Dispute this cash payment?"
          description={`Say what happened with the ${formatUsd(payment.amount)}. The driver is told, and our team settles it.`}
          reasonLabel="What was wrong"
          placeholder="e.g. No cash was handed over"
          required
          schema={disputeCashInput}
          confirmLabel="Dispute Payment"
          busyLabel="Sending..."
          destructive
          busy={settle.isPending}
          onClose={() => setDisputing(false)}
          onConfirm={(reason) =>
            settle.mutate(
              { paymentId: payment.id, dispute: reason ?? '' },
              {
                onSuccess: () => {
                  toast({
                    title: 'Cash payment disputed',
                    description: 'Our team will look into it and tell you both.',
                  });
                  setDisputing(false);
                },
                onError: (error) =>
                  toast({
                    title: 'Could not dispute',
                    description: error.message,
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
