import { useState } from 'react';
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
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { useMoveBooking } from '../api/use-bookings.ts';
import { bookingsText } from '../text.ts';

/** Completing a job records what it actually cost (dollars and cents). */
export function CompleteJobDialog({
  bookingId,
  suggested,
  onClose,
}: {
  bookingId: string;
  suggested: number | null;
  onClose: () => void;
}) {
  const t = useText(bookingsText);
  const [cost, setCost] = useState(suggested !== null ? suggested.toFixed(2) : '');
  const move = useMoveBooking();
  const amount = Number(cost);
  const invalid =
    cost.trim() === '' || !Number.isFinite(amount) || amount < 0 || !/^\d+(\.\d{1,2})?$/.test(cost);

  const submit = () =>
    move.mutate(
      { id: bookingId, status: 'completed', actualCost: amount },
      {
        onSuccess: () => {
          toast({ title: textOf(bookingsText)('jobCompleted'), variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('completeJob')}</DialogTitle>
        <DialogDescription>{t('completeDescription')}</DialogDescription>
        <Field label={t('actualCost')} error={cost && invalid ? t('amountExample') : undefined}>
          {(ids) => (
            <Input
              {...ids}
              inputMode="decimal"
              value={cost}
              onChange={(e) => setCost(e.target.value.trim())}
            />
          )}
        </Field>
        <FormError message={move.error?.message} />
        <Button disabled={invalid || move.isPending} onClick={submit}>
          {move.isPending ? t('completing') : t('completeJob')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
