import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { BookServiceForm } from '#core/bookings/book-form.ts';
import {
  HELP_PROVIDERS_PER_STEP,
  helpRequestFormToInput,
  helpServices,
} from '#core/help-requests/help-request-rules.ts';
import { serviceOptionsFor } from '#core/providers/catalog.ts';
import type { ProviderListItem } from '#core/providers/search.ts';
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
import { toast } from '#web/components/ui/use-toast.ts';
import { TruckPlaceQuestion } from '#web/components/truck-place-question.tsx';
import { VehicleDetailsField } from '#web/components/vehicle-details-field.tsx';
import { useFormat } from '#web/lib/format.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useCreateHelpRequest } from '../api/use-help-requests.ts';
import { helpDialogText } from '../dialog-text.ts';

const empty: BookServiceForm = {
  serviceType: '',
  description: '',
  vehicleDetails: '',
  preferredDate: '',
  preferredTime: 'asap',
  location: '',
  truckLocation: '',
};

/**
 * "Request help from nearby": one request to up to five providers; the first to accept gets the
 * job. The driver may pick them from the list, or leave it to the search order.
 */
export default function HelpRequestDialog({
  position,
  listed,
  onClose,
}: {
  position: { latitude: number; longitude: number };
  /** The providers the search shows, to pick from. */
  listed: ProviderListItem[];
  onClose: () => void;
}) {
  const t = useText(helpDialogText);
  const f = useFormat();
  const label = useLabel();
  const resolver = useMemo(() => {
    const today = new Date().toISOString().slice(0, 10);
    return lazyResolver(() =>
      import('#core/bookings/book-form.ts').then((m) => m.bookServiceFormFor(today)),
    );
  }, []);
  const create = useCreateHelpRequest();
  const [, navigate] = useLocation();
  const [picked, setPicked] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver,
    defaultValues: {
      ...empty,
      location: t('myLocation', {
        latitude: position.latitude.toFixed(5),
        longitude: position.longitude.toFixed(5),
      }),
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [serviceType, truckLocation] = useWatch({
    control: form.control,
    name: ['serviceType', 'truckLocation'],
  });
  const candidates = serviceType
    ? listed.filter(
        (p) => p.status !== 'offline' && serviceOptionsFor(p.serviceType).includes(serviceType),
      )
    : [];

  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id]));

  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    const chosen = picked.filter((id) => candidates.some((p) => p.id === id));
    create.mutate(helpRequestFormToInput(values, position, chosen), {
      onSuccess: (request) => {
        const text = textOf(helpDialogText);
        toast({
          title: text('requested'),
          description: text('requestedDescription', { count: request.invites.length }),
          variant: 'success',
        });
        onClose();
        navigate('/bookings');
      },
      onError: (error) => setServerError(error.message),
    });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby="help-request-description">
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription id="help-request-description">
          {t('description', { count: HELP_PROVIDERS_PER_STEP })}
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('form')}>
          <Field label={t('serviceType')} error={errors.serviceType?.message}>
            {(ids) => (
              <NativeSelect {...ids} {...form.register('serviceType')}>
                <option value="">{t('chooseService')}</option>
                {helpServices.map((option) => (
                  <option key={option} value={option}>
                    {label('service', option)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <VehicleDetailsField form={form} />
          {serviceType ? (
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
            {(ids) => <Input {...ids} autoComplete="off" {...form.register('location')} />}
          </Field>
          {candidates.length ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold leading-none">{t('pickLegend')}</legend>
              <p className="text-sm text-muted-foreground">
                {picked.length
                  ? t('chosen', { count: picked.length, max: HELP_PROVIDERS_PER_STEP })
                  : t('noneChosen', { max: HELP_PROVIDERS_PER_STEP })}
              </p>
              {candidates.slice(0, 10).map((provider) => (
                <label
                  key={provider.id}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm"
                >
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={picked.includes(provider.id)}
                    disabled={
                      !picked.includes(provider.id) && picked.length >= HELP_PROVIDERS_PER_STEP
                    }
                    onChange={() => toggle(provider.id)}
                  />
                  <span className="flex-1 font-semibold" translate="no">
                    {provider.businessName}
                  </span>
                  {provider.distance !== null && provider.distance !== undefined ? (
                    <span className="text-muted-foreground">{f.miles(provider.distance)}</span>
                  ) : null}
                </label>
              ))}
            </fieldset>
          ) : null}
          <FormError message={serverError} />
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!serviceType || create.isPending}>
              {create.isPending ? t('asking') : t('ask')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
