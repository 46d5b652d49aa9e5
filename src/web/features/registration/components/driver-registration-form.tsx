import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  driverFormToRegister,
  driverRegistrationFormSchema,
  type DriverRegistrationForm,
} from '#core/auth/registration-forms.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { NewPasswordFields } from '#web/components/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useRegister } from '#web/features/auth/index.ts';
import { showServerErrors } from '../server-errors.ts';
import { vehicleTypeLabels } from '../labels.ts';

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

export function DriverRegistrationForm({
  onRegistered,
}: {
  onRegistered: (user: PublicUser) => void;
}) {
  const register = useRegister();
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(driverRegistrationFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [email, name] = useWatch({ control: form.control, name: ['email', 'fullName'] });

  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    register.mutate(driverFormToRegister(values), {
      onSuccess: ({ user }) => {
        toast({
          title: 'Registration Successful!',
          description: 'Your driver account has been created. You can now log in.',
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
        toast({
          title: 'Registration Failed',
          description: 'There was an error creating your account. Please try again.',
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Driver registration">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Full Name" error={errors.fullName?.message}>
          {(ids) => <Input {...ids} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
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
        <Field label="Phone" error={errors.phone?.message}>
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
        <Field label="Company (Optional)" error={errors.company?.message}>
          {(ids) => <Input {...ids} autoComplete="organization" {...form.register('company')} />}
        </Field>
        <Field label="Vehicle Type" error={errors.vehicleType?.message}>
          {(ids) => (
            <NativeSelect {...ids} {...form.register('vehicleType')}>
              <option value="">Select your vehicle type</option>
              {Object.entries(vehicleTypeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="CDL Number" error={errors.licenseNumber?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...form.register('licenseNumber')} />}
        </Field>
        <Field label="AAA Member ID (Optional)" error={errors.aaaId?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...form.register('aaaId')} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields
          form={form}
          name="password"
          confirmName="confirmPassword"
          label="Password"
          confirmLabel="Confirm Password"
          owner={{ email, name }}
        />
      </div>
      <FormError message={serverError} />
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Driver Account'}
      </Button>
    </form>
  );
}
