import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminAddProviderSchema, type AdminAddProvider } from '../../../../core/admin/schemas.ts';
import { serviceTypeLabels } from '../../../../core/providers/catalog.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { showServerErrors } from '../../registration/index.ts';

type FormValues = AdminAddProvider;

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
  const [serverError, setServerError] = useState<string>();
  const form = useForm<FormValues>({
    resolver: zodResolver(adminAddProviderSchema),
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
  const money = (name: 'visitFee' | 'hourlyRate', label: string, placeholder: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(ids) => (
        <Input
          {...ids}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder={placeholder}
          {...form.register(name, { setValueAs: toNumber })}
        />
      )}
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
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Add provider">
      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="pb-2 font-bold">Business</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('businessName', 'Business Name', { autoComplete: 'off' })}
          <Field label="Service Type" error={errors.serviceType?.message}>
            {(ids) => (
              <NativeSelect {...ids} {...form.register('serviceType')}>
                <option value="">Select a service type</option>
                {Object.entries(serviceTypeLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        {text('address', 'Street Address', { autoComplete: 'off' })}
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">{text('city', 'City')}</div>
          {text('state', 'State', { placeholder: 'TX' })}
          {text('zipCode', 'ZIP Code', { inputMode: 'numeric' })}
        </div>
        <div className="grid grid-cols-2 gap-4">
          {money('visitFee', 'Visit Fee ($)', '95.00')}
          {money('hourlyRate', 'Hourly Rate ($)', '125.00')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('licenseNumber', 'License Number (optional)', { autoComplete: 'off' })}
          {text('insurancePolicy', 'Insurance Policy (optional)', { autoComplete: 'off' })}
        </div>
      </fieldset>
      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="pb-2 font-bold">Owner</legend>
        {text('ownerName', 'Owner Name', { autoComplete: 'off' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('email', 'Owner Email', { type: 'email', inputMode: 'email', autoComplete: 'off' })}
          {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', placeholder: '(214) 555-0142' })}
        </div>
        <p className="text-sm text-muted-foreground">
          The business is verified at once. The owner gets an email with a link to set their
          password and sign in.
        </p>
      </fieldset>
      <FormError message={serverError} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding Provider...' : 'Add Provider'}
        </Button>
      </div>
    </form>
  );
}
