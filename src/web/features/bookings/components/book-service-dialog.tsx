import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { bookServiceFormToInput } from '#core/bookings/book-form-input.ts';
import type { BookServiceForm } from '#core/bookings/book-form.ts';
import { preferredTimes } from '#core/bookings/catalog.ts';
import type { CreateBookingInput } from '#core/bookings/schemas.ts';
import { asksWhereTheTruckIs } from '#core/bookings/safety.ts';
import { feeBreakdown } from '#core/money.ts';
import { vehicleDetailsOf, vehicleName } from '#core/users/vehicles.ts';
import { serviceOptionsFor, type ServiceType } from '#core/providers/catalog.ts';
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
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { offerPushPrompt } from '#web/features/notifications/index.ts';
import { useMe } from '#web/features/auth/index.ts';
import { ApiError } from '#web/api/transport.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useLabel } from '#web/lib/labels.ts';
import { bookText } from '../book-text.ts';
import { useCreateBooking } from '../api/use-bookings.ts';
import { queueBooking } from '../offline/outbox.ts';
import { FeeBox } from './fee-box.tsx';
import { TruckPlaceQuestion } from '#web/components/truck-place-question.tsx';
import { VehicleDetailsField } from '#web/components/vehicle-details-field.tsx';

export interface BookableProvider {
  id: string;
  businessName: string;
  serviceType: ServiceType;
  visitFee: number;
}

/** The driver's own calendar date, YYYY-MM-DD. */
const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

const empty: BookServiceForm = {
  serviceType: '',
  description: '',
  vehicleDetails: '',
  preferredDate: '',
  preferredTime: '',
  location: '',
  truckLocation: '',
};

/** Asks for the device's position quietly (the search page already explained why). */
function useQuietPosition() {
  const [position, setPosition] = useState<{ latitude: number; longitude: number } | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => setPosition({ latitude: coords.latitude, longitude: coords.longitude }),
      () => undefined,
      { maximumAge: 60_000, timeout: 10_000 },
    );
  }, []);
  return position;
}

export function BookServiceDialog({
  provider,
  onClose,
}: {
  provider: BookableProvider;
  onClose: () => void;
}) {
  const t = useText(bookText);
  const label = useLabel();
  const today = useMemo(() => localToday(), []);
  const resolver = useMemo(
    () =>
      lazyResolver(() =>
        import('#core/bookings/book-form.ts').then((m) => m.bookServiceFormFor(today)),
      ),
    [today],
  );
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const create = useCreateBooking();
  const [, navigate] = useLocation();
  const position = useQuietPosition();
  const me = useMe().data;
  const vehicles = me?.vehicleInfo.vehicles ?? [];
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver,
    defaultValues: empty,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const fees = feeBreakdown(provider.visitFee);
  const [serviceType, preferredTime, truckLocation] = useWatch({
    control: form.control,
    name: ['serviceType', 'preferredTime', 'truckLocation'],
  });

  useEffect(() => {
    if (position && !form.getValues('location'))
      form.setValue(
        'location',
        textOf(bookText)('myLocation', {
          latitude: position.latitude.toFixed(5),
          longitude: position.longitude.toFixed(5),
        }),
      );
  }, [position, form]);

  /** Without a connection the request waits on the device, with the same Idempotency-Key. */
  const queue = async (input: CreateBookingInput) => {
    if (!me) return;
    try {
      await queueBooking({
        key: idempotencyKey,
        userId: me.id,
        input,
        businessName: provider.businessName,
        queuedAt: new Date().toISOString(),
      });
    } catch {
      setServerError(textOf(bookText)('notKept'));
      return;
    }
    const text = textOf(bookText);
    toast({
      title: text('queuedTitle'),
      description: text('queuedDescription', { name: provider.businessName }),
    });
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    const input = bookServiceFormToInput(provider.id, values, position);
    create.mutate(
      { input, key: idempotencyKey },
      {
        onSuccess: () => {
          const text = textOf(bookText);
          toast({
            title: text('submitted'),
            description: text('submittedDescription'),
            variant: 'success',
          });
          onClose();
          offerPushPrompt('driver-booked');
        },
        onError: (error) =>
          error instanceof ApiError && error.status === 0
            ? void queue(input)
            : setServerError(error.message),
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby="book-service-description">
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription id="book-service-description">
          {t('requestFrom', { name: provider.businessName })}
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('form')}>
          <Field label={t('serviceType')} error={errors.serviceType?.message}>
            {(ids) => (
              <NativeSelect {...ids} {...form.register('serviceType')}>
                <option value="">{t('chooseService')}</option>
                {serviceOptionsFor(provider.serviceType).map((option) => (
                  <option key={option} value={option}>
                    {label('service', option)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={t('description')} error={errors.description?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                placeholder={t('descriptionPlaceholder')}
                {...form.register('description')}
              />
            )}
          </Field>
          {vehicles.length ? (
            <Field label={t('myVehicles')}>
              {(ids) => (
                <NativeSelect
                  {...ids}
                  defaultValue=""
                  onChange={(e) => {
                    const vehicle = vehicles.find((v) => v.id === e.target.value);
                    if (vehicle)
                      form.setValue('vehicleDetails', vehicleDetailsOf(vehicle), {
                        shouldValidate: true,
                        shouldDirty: true,
                      });
                  }}
                >
                  <option value="">{t('chooseVehicle')}</option>
                  {vehicles.map((v) => (
                    <option key={v.id} value={v.id} translate="no">
                      {vehicleName(v)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
          <VehicleDetailsField form={form} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('preferredDate')} error={errors.preferredDate?.message}>
              {(ids) => (
                <Input {...ids} type="date" min={today} {...form.register('preferredDate')} />
              )}
            </Field>
            <Field label={t('preferredTime')} error={errors.preferredTime?.message}>
              {(ids) => (
                <NativeSelect {...ids} {...form.register('preferredTime')}>
                  <option value="">{t('anyTime')}</option>
                  {preferredTimes.map((time) => (
                    <option key={time} value={time}>
                      {label('preferredTime', time)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          {asksWhereTheTruckIs(serviceType, preferredTime) ? (
            <TruckPlaceQuestion
              form={form}
              place={truckLocation}
              onTow={() => {
                onClose();
                navigate('/home?tab=towing');
              }}
            />
          ) : null}
          <Field label={t('location')} error={errors.location?.message}>
            {(ids) => (
              <Input
                {...ids}
                placeholder={t('locationPlaceholder')}
                autoComplete="off"
                {...form.register('location')}
              />
            )}
          </Field>
          <FeeBox visitFee={fees.visitFee} platformFee={fees.platformFee} total={fees.total} />
          <FormError message={serverError} />
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!serviceType || create.isPending}>
              {create.isPending ? t('booking') : t('confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
