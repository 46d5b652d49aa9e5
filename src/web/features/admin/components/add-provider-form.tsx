import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminAddProvider } from '#core/admin/schemas.ts';
import {
  AddressFields,
  bindField,
  FeeFields,
  ServiceTypeField,
} from '#web/components/business-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { showServerErrors } from '#web/features/registration/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { adminText } from '../text.ts';

type FormValues = AdminAddProvider;

const resolver = lazyResolver(() =>
  import('#core/admin/schemas.ts').then((m) => m.adminAddProviderSchema),
);

/** An empty box is "no number" (the schema answers Required), never 0. */
const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * The Add Provider form: the business and its owner's contact. No password: the owner sets one
 * through the emailed link. `onSubmit` answers a rejection to show the server's messages.
 */
export function AddProviderForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (values: AdminAddProvider) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useText(adminText);
  const [serverError, setServerError] = useState<string>();
  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      ownerName: '',
      email: '',
      phone: '',
      businessName: '',
      serviceType: '' as FormValues['serviceType'],
      address: '',
      city: '',
      state: '',
      zipCode: '',
      licenseNumber: '',
      insurancePolicy: '',
    },
  });
  const { errors } = form.formState;
  const text = (name: keyof FormValues, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]?.message}>
      {(ids) => <Input {...ids} {...props} {...form.register(name)} />}
    </Field>
  );

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerError(showServerErrors(error, form.setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label={t('addProviderForm')}>
      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="pb-2 font-bold">{t('business')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('businessName', t('businessName'), { autoComplete: 'off' })}
          <ServiceTypeField
            {...bindField(form, 'serviceType')}
            placeholder={t('selectServiceType')}
          />
        </div>
        <AddressFields
          form={form}
          street="address"
          streetLabel={t('streetAddress')}
          autoFill={false}
          statePlaceholder={t('statePlaceholder')}
        />
        <FeeFields
          visitFee={bindField(form, 'visitFee', { setValueAs: toNumber })}
          hourlyRate={bindField(form, 'hourlyRate', { setValueAs: toNumber })}
          numeric
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {text('licenseNumber', t('licenseNumberOptional'), { autoComplete: 'off' })}
          {text('insurancePolicy', t('insurancePolicyOptional'), { autoComplete: 'off' })}
        </div>
      </fieldset>
      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="pb-2 font-bold">{t('owner')}</legend>
        {text('ownerName', t('ownerName'), { autoComplete: 'off' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('email', t('ownerEmail'), {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'off',
          })}
          {text('phone', t('phone'), {
            type: 'tel',
            inputMode: 'tel',
            placeholder: '(214) 555-0142',
          })}
        </div>
        <p className="text-sm text-muted-foreground">{t('addProviderHint')}</p>
      </fieldset>
      <FormError message={serverError} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('addingProvider') : t('addProvider')}
        </Button>
      </div>
    </form>
  );
}
