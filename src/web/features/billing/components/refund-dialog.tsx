import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toCents } from '#core/money.ts';
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
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useRefund } from '../api/use-refund.ts';
import { payText } from '../pay-text.ts';
import type { RefundForm } from '../refund-form-schema.ts';

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
  const t = useText(payText);
  const f = useFormat();
  const label = useLabel();
  const leftCents = toCents(target.amount) - toCents(target.refundedAmount);
  const refund = useRefund();
  const [failure, setFailure] = useState<string>();
  const resolver = useMemo(
    () =>
      lazyResolver(() =>
        import('../refund-form-schema.ts').then((m) => m.refundFormSchema(leftCents)),
      ),
    [leftCents],
  );
  const form = useForm<RefundForm>({
    resolver,
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
            title: t('refunded', { amount: f.money(done.amount) }),
            description: t('refundedDescription', { driverName: target.driverName }),
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
        <DialogTitle>{t('refundTitle')}</DialogTitle>
        <DialogDescription>
          <T
            text={payText}
            id={target.refundedAmount > 0 ? 'refundDescriptionPartial' : 'refundDescription'}
            values={{
              service: label('service', target.serviceType),
              driverName: target.driverName,
              amount: f.money(target.amount),
              refunded: f.money(target.refundedAmount),
            }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field
            label={t('amountToRefund')}
            error={errors.amount?.message}
            hint={t('upTo', { amount: f.cents(leftCents) })}
          >
            {(ids) => <Input {...ids} inputMode="decimal" {...form.register('amount')} />}
          </Field>
          <Field label={t('reason')} error={errors.reason?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                aria-required
                placeholder={t('reasonPlaceholder')}
                {...form.register('reason')}
              />
            )}
          </Field>
          <FormError message={failure} />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={refund.isPending} onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? t('refunding') : t('refund')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
