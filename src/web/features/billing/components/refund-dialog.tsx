import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatUsd, toCents } from '#core/money.ts';
import { ApiError } from '#web/api/transport.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useRefund } from '../api/use-refund.ts';
import { refundFormSchema, type RefundForm } from '../refund-form-schema.ts';

export interface RefundTarget {
  paymentId: string;
  /** What the driver paid. */
  amount: number;
  /** Already refunded. */
  refundedAmount: number;
  /** Who gets the money back, for the dialog's text. */
  driverName: string;
  serviceType: string;
}

/** Refunds a card payment: the rest by default, or part of it, with a reason the driver is told. */
export function RefundDialog({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const leftCents = toCents(target.amount) - toCents(target.refundedAmount);
  const refund = useRefund();
  const [failure, setFailure] = useState<string>();
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema(leftCents)),
    defaultValues: { amount: (leftCents / 100).toFixed(2), reason: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ amount, reason }) => {
    setFailure(undefined);
    const cents = toCents(Number(amount));
    refund.mutate(
      // The whole rest goes without an amount, so the server refunds exactly what is left.
      {
        paymentId: target.paymentId,
        reason,
        ...(cents < leftCents ? { amount: cents / 100 } : {}),
      },
      {
        onSuccess: (done) => {
          toast({
            title: `Refunded ${formatUsd(done.amount)}`,
            description: `${target.driverName} is told and gets the money back on their card.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError)
            for (const [field, message] of Object.entries(error.fields))
              if (field === 'amount' || field === 'reason') form.setError(field, { message });
          setFailure(error.message);
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !refund.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Refund this payment?</DialogTitle>
        <DialogDescription>
          {target.serviceType} · {target.driverName} paid {formatUsd(target.amount)}
          {target.refundedAmount > 0
            ? `, ${formatUsd(target.refundedAmount)} already refunded`
            : ''}
          . The platform fee is refunded in proportion.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field
            label="Amount to refund ($)"
            error={errors.amount?.message}
            hint={`Up to ${formatUsd(leftCents / 100)}`}
          >
            {(ids) => <Input {...ids} inputMode="decimal" {...form.register('amount')} />}
          </Field>
          <Field label="Reason" error={errors.reason?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                aria-required
                placeholder="Shown to the driver"
                {...form.register('reason')}
              />
            )}
          </Field>
          <FormError message={failure} />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={refund.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? 'Refunding...' : 'Refund'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
