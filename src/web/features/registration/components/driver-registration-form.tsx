import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DriverRegistrationForm } from '#core/auth/registration-forms.ts';
import { driverFormToRegister } from '#core/auth/registration-input.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { NewPasswordFields } from '#web/components/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useRegister } from '#web/features/auth/index.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { showServerErrors } from '../server-errors.ts';
import { vehicleTypeLabels } from '../labels.ts';
import { registrationText } from '../text.ts';

const defaults: DriverRegistrationForm = {
  fullName: '',
  email: '',
  phone: '',
  company: '',
  vehicleType: '' as DriverRegistrationForm['vehicleType'],
  licenseNumber: '',
  aaaId: '',
  password: '',
  confirmPassword: '',
};

const resolver = lazyResolver(() =>
  import('#core/auth/registration-forms.ts').then((m) => m.driverRegistrationFormSchema),
);

export function DriverRegistrationForm({
  onRegistered,
}: {
  onRegistered: (user: PublicUser) => void;
}) {
  const register = useRegister();
  const t = useText(registrationText);
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [email, name] = useWatch({ control: form.control, name: ['email', 'fullName'] });

  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    register.mutate(driverFormToRegister(values), {
      onSuccess: ({ user }) => {
        const say = textOf(registrationText);
        toast({
          title: say('driverSuccess'),
          description: say('driverSuccessText'),
          variant: 'success',
        });
        onRegistered(user);
      },
      onError: (error) => {
        setServerError(
          showServerErrors(error, form.setError, {
            name: 'fullName',
            cdlNumber: 'licenseNumber',
            aaaMemberId: 'aaaId',
          }),
        );
        const say = textOf(registrationText);
        toast({
          title: say('registrationFailed'),
          description: say('driverFailedText'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('driverForm')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fullName')} error={errors.fullName?.message}>
          {(ids) => <Input {...ids} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field label={t('email')} error={errors.email?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.register('email')}
            />
          )}
        </Field>
        <Field label={t('phone')} error={errors.phone?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="(214) 555-0142"
              {...form.register('phone')}
            />
          )}
        </Field>
        <Field label={t('companyOptional')} error={errors.company?.message}>
          {(ids) => <Input {...ids} autoComplete="organization" {...form.register('company')} />}
        </Field>
        <Field label={t('vehicleType')} error={errors.vehicleType?.message}>
          {(ids) => (
            <NativeSelect {...ids} {...form.register('vehicleType')}>
              <option value="">{t('selectVehicleType')}</option>
              {Object.entries(vehicleTypeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t('cdlNumber')} error={errors.licenseNumber?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...form.register('licenseNumber')} />}
        </Field>
        <Field label={t('aaaOptional')} error={errors.aaaId?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...form.register('aaaId')} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields
          form={form}
          name="password"
          confirmName="confirmPassword"
          label={t('password')}
          confirmLabel={t('confirmPassword')}
          owner={{ email, name }}
        />
      </div>
      <FormError message={serverError} />
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? t('creatingAccount') : t('createDriverAccount')}
      </Button>
    </form>
  );
}
