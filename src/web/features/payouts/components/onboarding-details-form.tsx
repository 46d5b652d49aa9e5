import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { showServerErrors } from '#web/features/registration/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { payoutsText } from '../text.ts';
import type { TestAccount } from '../api/use-test-onboarding.ts';
import { useSubmitTestOnboarding } from '../api/use-test-onboarding.ts';
import type { OnboardingForm } from '../onboarding-form-schema.ts';
import { emptyOnboardingForm } from '../onboarding-form-values.ts';

const resolver = lazyResolver(() =>
  import('../onboarding-form-schema.ts').then((m) => m.onboardingFormSchema),
);

/** Name, date of birth, ID number, bank account and the terms, as the test gateway asks them. */
export function OnboardingDetailsForm({
  accountId,
  onDone,
}: {
  accountId: string;
  onDone: (account: TestAccount) => void;
}) {
  const t = useText(payoutsText);
  const submit = useSubmitTestOnboarding(accountId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<OnboardingForm>({
    resolver,
    defaultValues: emptyOnboardingForm,
  });
  const { errors } = form.formState;

  const send = form.handleSubmit((values) => {
    setFailure(undefined);
    submit.mutate(
      { ...values, tosAccepted: true },
      {
        onSuccess: onDone,
        onError: (error) => setFailure(showServerErrors(error, form.setError)),
      },
    );
  });

  return (
    <form onSubmit={send} noValidate className="grid gap-4" aria-label={t('payoutDetails')}>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={submit.isPending}>
        <legend className="mb-2 font-bold">{t('you')}</legend>
        <Field label={t('firstName')} error={errors.firstName?.message}>
          {(ids) => <Input {...ids} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label={t('lastName')} error={errors.lastName?.message}>
          {(ids) => <Input {...ids} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
        <Field label={t('dob')} error={errors.dob?.message}>
          {(ids) => <Input {...ids} type="date" autoComplete="bday" {...form.register('dob')} />}
        </Field>
        <Field label={t('idNumberSsn')} error={errors.idNumber?.message} hint={t('nineDigits')}>
          {(ids) => (
            <Input {...ids} inputMode="numeric" maxLength={9} {...form.register('idNumber')} />
          )}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={submit.isPending}>
        <legend className="mb-2 font-bold">{t('bankAccountLegend')}</legend>
        <Field label={t('routingNumber')} error={errors.routingNumber?.message}>
          {(ids) => (
            <Input {...ids} inputMode="numeric" maxLength={9} {...form.register('routingNumber')} />
          )}
        </Field>
        <Field label={t('accountNumber')} error={errors.accountNumber?.message}>
          {(ids) => (
            <Input
              {...ids}
              inputMode="numeric"
              maxLength={17}
              {...form.register('accountNumber')}
            />
          )}
        </Field>
      </fieldset>
      <div className="grid gap-1.5">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-invalid={Boolean(errors.tosAccepted)}
            aria-describedby={errors.tosAccepted ? 'tos-error' : undefined}
            disabled={submit.isPending}
            {...form.register('tosAccepted')}
          />
          <span>{t('terms')}</span>
        </label>
        {errors.tosAccepted ? (
          <p id="tos-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.tosAccepted.message}
          </p>
        ) : null}
      </div>
      <FormError message={failure} />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? t('saving') : t('saveAndContinue')}
      </Button>
    </form>
  );
}
