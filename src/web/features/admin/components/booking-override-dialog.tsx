import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  adminBookingChangeSchema,
  suspensionSchema,
  type AdminBooking,
} from '#core/admin/schemas.ts';
import { bookingStatuses } from '#core/bookings/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { bookingStatusLook } from '#web/features/bookings/index.ts';
import { useOverrideBooking } from '../api/use-override-booking.ts';

/** An override always says why: the contract's change, with the reason required. */
const overrideSchema = z.object({
  status: adminBookingChangeSchema.shape.status,
  reason: suspensionSchema.shape.reason,
  actualCost: adminBookingChangeSchema.shape.actualCost,
});
type Override = z.infer<typeof overrideSchema>;

const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** An admin sets any status on a booking, with a reason for both parties and the audit log. */
export function BookingOverrideDialog({
  booking,
  onClose,
}: {
  booking: AdminBooking;
  onClose: () => void;
}) {
  const override = useOverrideBooking();
  const form = useForm<Override>({
    resolver: zodResolver(overrideSchema),
    defaultValues: { status: booking.status, reason: '' },
  });
  const { errors } = form.formState;
  const status = useWatch({ control: form.control, name: 'status' });
  const submit = form.handleSubmit((values) => {
    const change = {
      status: values.status,
      reason: values.reason,
      ...(values.status === 'completed' && values.actualCost !== undefined
        ? { actualCost: values.actualCost }
        : {}),
    };
    override.mutate(
      { id: booking.id, change },
      {
        onSuccess: () => {
          toast({
            title: 'Booking Updated',
            description: `The booking is now ${bookingStatusLook(values.status).label}.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  });
  const busy = override.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>Change Booking Status</DialogTitle>
        <DialogDescription>
          {booking.serviceType} for {booking.driverEmail} with {booking.provider.businessName}, now{' '}
          {bookingStatusLook(booking.status).label}. Both parties are told the reason.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="New Status" error={errors.status?.message}>
            {(ids) => (
              <NativeSelect {...ids} {...form.register('status')}>
                {bookingStatuses.map((s) => (
                  <option key={s} value={s}>
                    {bookingStatusLook(s).label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {status === 'completed' ? (
            <Field
              label="Actual Cost ($, optional)"
              error={errors.actualCost?.message}
              hint="The commission is 10% of this (of the visit fee when left empty)."
            >
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  {...form.register('actualCost', { setValueAs: toNumber })}
                />
              )}
            </Field>
          ) : null}
          <Field label="Reason" error={errors.reason?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                aria-required
                placeholder="e.g. Driver called support: the provider finished the job"
                {...form.register('reason')}
              />
            )}
          </Field>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Change Status'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
