import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ProviderApplicationForm } from '#core/auth/registration-forms.ts';
import { providerFormToApplication } from '#core/auth/registration-input.ts';
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
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useProviderApplication } from '../api/use-provider-application.ts';
import { showServerErrors } from '../server-errors.ts';
import { registrationText } from '../text.ts';

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

const resolver = lazyResolver(() =>
  import('#core/auth/registration-forms.ts').then((m) => m.providerApplicationFormSchema),
);

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
  const t = useText(registrationText);
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver,
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
        const say = textOf(registrationText);
        toast({
          title: say('applicationSubmitted'),
          description: say('applicationSubmittedText'),
          variant: 'success',
        });
        onApplied(user);
      },
      onError: (error) => {
        setServerError(showServerErrors(error, form.setError));
        const say = textOf(registrationText);
        toast({
          title: say('registrationFailed'),
          description: say('applicationFailedText'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t('providerForm')}>
      <Section title={t('sectionBusiness')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('businessName', t('businessName'), { autoComplete: 'organization' })}
          {text('contactName', t('contactName'), { autoComplete: 'name' })}
          {text('email', t('email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          {text('phone', t('phone'), {
            type: 'tel',
            autoComplete: 'tel',
            inputMode: 'tel',
            placeholder: '(214) 555-0142',
          })}
          <ServiceTypeField
            {...bindField(form, 'serviceType')}
            placeholder={t('selectServiceType')}
          />
        </div>
      </Section>
      <Section title={t('sectionLocation')}>
        <AddressFields
          form={form}
          street="businessAddress"
          streetLabel={t('businessAddress')}
          statePlaceholder="TX"
        />
      </Section>
      <Section title={t('sectionServices')}>
        <FeeFields
          visitFee={bindField(form, 'visitFee')}
          hourlyRate={bindField(form, 'hourlyRate')}
        />
        {text('specialties', t('specialtiesOptional'), {
          placeholder: t('specialtiesPlaceholder'),
        })}
        <Field label={t('descriptionOptional')} error={errors.description?.message}>
          {(ids) => <Textarea {...ids} rows={3} {...form.register('description')} />}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['acceptsAAA', 'acceptsAaa'],
              ['is24Hour', 'is24Hour'],
            ] as const
          ).map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg border-2 px-3 py-2">
                  <Label htmlFor={`switch-${name}`}>{t(label)}</Label>
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
      <Section title={t('sectionVerification')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <LicenseFields
            licenseNumber={bindField(form, 'licenseNumber')}
            insurancePolicy={bindField(form, 'insurancePolicy')}
          />
        </div>
        <p className="text-sm text-muted-foreground">{t('reviewNote')}</p>
      </Section>
      <Section title={t('sectionAccount')}>
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
      </Section>
      <FormError message={serverError} />
      <Button type="submit" size="lg" disabled={apply.isPending}>
        {apply.isPending ? t('submittingApplication') : t('submitApplication')}
      </Button>
    </form>
  );
}
