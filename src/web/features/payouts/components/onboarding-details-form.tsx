import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { showServerErrors } from '#web/features/registration/index.ts';
import type { TestAccount } from '../api/use-test-onboarding.ts';
import { useSubmitTestOnboarding } from '../api/use-test-onboarding.ts';
import {
  emptyOnboardingForm,
  onboardingFormSchema,
  type OnboardingForm,
} from '../onboarding-form-schema.ts';

/** Name, date of birth, ID number, bank account and the terms, as the test gateway asks them. */
export function OnboardingDetailsForm({
  accountId,
  onDone,
}: {
  accountId: string;
  onDone: (account: TestAccount) => void;
}) {
  const submit = useSubmitTestOnboarding(accountId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<OnboardingForm>({
    resolver: zodResolver(onboardingFormSchema),
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
    <form onSubmit={send} noValidate className="grid gap-4" aria-label="Payout details">
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={submit.isPending}>
        <legend className="mb-2 font-bold">You</legend>
        <Field label="First name" error={errors.firstName?.message}>
          {(ids) => <Input {...ids} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          {(ids) => <Input {...ids} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
        <Field label="Date of birth" error={errors.dob?.message}>
          {(ids) => <Input {...ids} type="date" autoComplete="bday" {...form.register('dob')} />}
        </Field>
        <Field label="ID number (SSN)" error={errors.idNumber?.message} hint="9 digits">
          {(ids) => (
            <Input {...ids} inputMode="numeric" maxLength={9} {...form.register('idNumber')} />
          )}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={submit.isPending}>
        <legend className="mb-2 font-bold">Bank account</legend>
        <Field label="Routing number" error={errors.routingNumber?.message}>
          {(ids) => (
            <Input {...ids} inputMode="numeric" maxLength={9} {...form.register('routingNumber')} />
          )}
        </Field>
        <Field label="Account number" error={errors.accountNumber?.message}>
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
          <span>
            I accept the payout terms: Truck Finder pays my share of card payments to this bank
            account.
          </span>
        </label>
        {errors.tosAccepted ? (
          <p id="tos-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.tosAccepted.message}
          </p>
        ) : null}
      </div>
      <FormError message={failure} />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? 'Saving...' : 'Save and continue'}
      </Button>
    </form>
  );
}
