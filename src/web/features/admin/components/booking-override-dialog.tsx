import { useForm, useWatch } from 'react-hook-form';
import type { AdminBooking } from '#core/admin/schemas.ts';
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
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useLabel } from '#web/lib/labels.ts';
import type { OverrideForm } from '../booking-override-form-schema.ts';
import { adminText } from '../text.ts';
import { useBookingStatusLabel } from './status-badges.tsx';
import { useOverrideBooking } from '../api/use-override-booking.ts';

const resolver = lazyResolver(() =>
  import('../booking-override-form-schema.ts').then((m) => m.overrideFormSchema),
);

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
  const t = useText(adminText);
  const label = useLabel();
  const statusLabel = useBookingStatusLabel();
  const override = useOverrideBooking();
  const form = useForm<OverrideForm>({
    resolver,
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
            title: textOf(adminText)('bookingUpdated'),
            description: textOf(adminText)('bookingNowIs', { status: statusLabel(values.status) }),
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: textOf(adminText)('updateFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  });
  const busy = override.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{t('changeBookingStatus')}</DialogTitle>
        <DialogDescription>
          <T
            text={adminText}
            id="overrideIntro"
            values={{
              service: label('service', booking.serviceType),
              email: booking.driverEmail,
              business: booking.provider.businessName,
              status: statusLabel(booking.status),
            }}
            components={{ 0: <span translate="no" />, 1: <span translate="no" /> }}
          />
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label={t('newStatus')} error={errors.status?.message}>
            {(ids) => (
              <NativeSelect {...ids} {...form.register('status')}>
                {bookingStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {status === 'completed' ? (
            <Field
              label={t('actualCostOptional')}
              error={errors.actualCost?.message}
              hint={t('actualCostHint')}
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
          <Field label={t('reason')} error={errors.reason?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                aria-required
                placeholder={t('overridePlaceholder')}
                {...form.register('reason')}
              />
            )}
          </Field>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('saving') : t('changeStatusButton')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
