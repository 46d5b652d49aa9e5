import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  providerApplicationFormSchema,
  providerFormToApplication,
  type ProviderApplicationForm,
} from '#core/auth/registration-forms.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import {
  AddressFields,
  bindField,
  FeeFields,
  LicenseFields,
  ServiceTypeField,
} from '#web/components/business-fields.tsx';
import { NewPasswordFields } from '#web/components/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useProviderApplication } from '../api/use-provider-application.ts';
import { showServerErrors } from '../server-errors.ts';

const defaults: ProviderApplicationForm = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  serviceType: '' as ProviderApplicationForm['serviceType'],
  businessAddress: '',
  city: '',
  state: '',
  zipCode: '',
  visitFee: '',
  hourlyRate: '',
  specialties: '',
  description: '',
  acceptsAAA: false,
  is24Hour: false,
  licenseNumber: '',
  insurancePolicy: '',
  password: '',
  confirmPassword: '',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="pb-2 text-base font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function ProviderApplicationForm({ onApplied }: { onApplied: (user: PublicUser) => void }) {
  const apply = useProviderApplication();
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(providerApplicationFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [email, name] = useWatch({ control: form.control, name: ['email', 'contactName'] });
  const text = (
    name: keyof ProviderApplicationForm,
    label: string,
    props: Record<string, string> = {},
  ) => (
    <Field label={label} error={errors[name]?.message}>
      {(ids) => <Input {...ids} {...props} {...form.register(name)} />}
    </Field>
  );

  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    apply.mutate(providerFormToApplication(values), {
      onSuccess: ({ user }) => {
        toast({
          title: 'Registration Submitted!',
          description:
            "Your service provider application has been submitted for review. We'll contact you within 24 hours.",
          variant: 'success',
        });
        onApplied(user);
      },
      onError: (error) => {
        setServerError(showServerErrors(error, form.setError));
        toast({
          title: 'Registration Failed',
          description: 'There was an error submitting your application. Please try again.',
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-6"
      aria-label="Service provider application"
    >
      <Section title="Business">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('businessName', 'Business Name', { autoComplete: 'organization' })}
          {text('contactName', 'Contact Name', { autoComplete: 'name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          {text('phone', 'Phone', {
            type: 'tel',
            autoComplete: 'tel',
            inputMode: 'tel',
            placeholder: '(214) 555-0142',
          })}
          <ServiceTypeField
            {...bindField(form, 'serviceType')}
            placeholder="Select your service type"
          />
        </div>
      </Section>
      <Section title="Location">
        <AddressFields
          form={form}
          street="businessAddress"
          streetLabel="Business Address"
          statePlaceholder="TX"
        />
      </Section>
      <Section title="Services and pricing">
        <FeeFields
          visitFee={bindField(form, 'visitFee')}
          hourlyRate={bindField(form, 'hourlyRate')}
        />
        {text('specialties', 'Specialties (Optional, comma separated)', {
          placeholder: 'Brake Repair, Electrical, Air Brake Systems',
        })}
        <Field label="Business Description (Optional)" error={errors.description?.message}>
          {(ids) => <Textarea {...ids} rows={3} {...form.register('description')} />}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['acceptsAAA', 'Accept AAA members'],
              ['is24Hour', '24/7 Emergency Service'],
            ] as const
          ).map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg border-2 px-3 py-2">
                  <Label htmlFor={`switch-${name}`}>{label}</Label>
                  <Switch
                    id={`switch-${name}`}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </div>
              )}
            />
          ))}
        </div>
      </Section>
      <Section title="Verification">
        <div className="grid gap-4 sm:grid-cols-2">
          <LicenseFields
            licenseNumber={bindField(form, 'licenseNumber')}
            insurancePolicy={bindField(form, 'insurancePolicy')}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          We review applications within 24 hours: licenses, insurance and a background check. You
          can sign in right away; your business appears in search once approved.
        </p>
      </Section>
      <Section title="Account">
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
      </Section>
      <FormError message={serverError} />
      <Button type="submit" size="lg" disabled={apply.isPending}>
        {apply.isPending ? 'Submitting Application...' : 'Submit Application'}
      </Button>
    </form>
  );
}
