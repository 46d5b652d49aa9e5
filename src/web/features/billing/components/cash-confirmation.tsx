import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote, Hourglass, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { disputeCashInput, type DisputeCashInput } from '#core/billing/schemas.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCashConfirmation } from '../api/use-cash-confirmation.ts';

type JobPayment = NonNullable<Booking['payment']>;

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
        <DisputeDialog
          payment={payment}
          busy={settle.isPending}
          onClose={() => setDisputing(false)}
          onDispute={(reason) =>
            settle.mutate(
              { paymentId: payment.id, dispute: reason },
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

function DisputeDialog({
  payment,
  busy,
  onClose,
  onDispute,
}: {
  payment: JobPayment;
  busy: boolean;
  onClose: () => void;
  onDispute: (reason: string) => void;
}) {
  const form = useForm<DisputeCashInput>({
    resolver: zodResolver(disputeCashInput),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit((values) => onDispute(values.reason));
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>Dispute this cash payment?</DialogTitle>
        <DialogDescription>
          Say what happened with the {formatUsd(payment.amount)}. The driver is told, and our team
          settles it.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="What was wrong" error={form.formState.errors.reason?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                aria-required
                placeholder="e.g. No cash was handed over"
                {...form.register('reason')}
              />
            )}
          </Field>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Sending...' : 'Dispute Payment'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
