import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { ChangeEmailInput, ChangePasswordForm } from '#core/auth/account-changes.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { NewPasswordFields } from '#web/components/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import {
  useChangeEmail,
  useChangePassword,
  useSignOutEverywhere,
} from '../api/use-account-security.ts';
import { TwoStepSettings } from '#web/features/auth/index.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { securityText } from '../security-text.ts';
import { DeleteAccount } from './delete-account.tsx';

/** Puts the server's per-field messages next to the fields; answers the form-level message. */
function serverErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return textOf(securityText)('somethingWrong');
  const fields = Object.entries(error.fields);
  for (const [field, message] of fields) setError(field as Path<T>, { type: 'server', message });
  return fields.length > 0 ? undefined : error.message;
}

const accountChanges = () => import('#core/auth/account-changes.ts');
const passwordResolver = lazyResolver(() =>
  accountChanges().then((m) => m.changePasswordFormSchema),
);
const emailResolver = lazyResolver(() => accountChanges().then((m) => m.changeEmailSchema));

function ChangePassword({ user }: { user: PublicUser }) {
  const t = useText(securityText);
  const change = useChangePassword();
  const [formError, setFormError] = useState<string>();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm<ChangePasswordForm>({
    resolver: passwordResolver,
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setFormError(undefined);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          form.reset(empty);
          toast({
            title: textOf(securityText)('passwordChanged'),
            description: message,
            variant: 'success',
          });
        },
        onError: (error) => setFormError(serverErrors(error, form.setError)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('changePasswordForm')}>
      <h3 className="font-semibold">{t('changePasswordForm')}</h3>
      <Field label={t('currentPassword')} error={errors.currentPassword?.message}>
        {(ids) => (
          <PasswordInput
            {...ids}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        )}
      </Field>
      <NewPasswordFields
        form={form}
        name="newPassword"
        confirmName="confirmPassword"
        label={t('newPassword')}
        confirmLabel={t('confirmNewPassword')}
        owner={user}
      />
      <FormError message={formError} />
      <p className="text-sm text-muted-foreground">{t('otherDevicesSignedOut')}</p>
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? t('saving') : t('changePasswordButton')}
      </Button>
    </form>
  );
}

function ChangeEmail({ user }: { user: PublicUser }) {
  const t = useText(securityText);
  const change = useChangeEmail();
  const [formError, setFormError] = useState<string>();
  const empty = { newEmail: '', currentPassword: '' };
  const form = useForm<ChangeEmailInput>({
    resolver: emailResolver,
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    change.mutate(input, {
      onSuccess: ({ message }) => {
        form.reset(empty);
        toast({
          title: textOf(securityText)('checkNewInbox'),
          description: message,
          variant: 'success',
        });
      },
      onError: (error) => setFormError(serverErrors(error, form.setError)),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('changeEmailForm')}>
      <h3 className="font-semibold">{t('changeEmailForm')}</h3>
      <p className="text-sm text-muted-foreground">
        <T
          text={securityText}
          id="emailNow"
          values={{ email: user.email }}
          components={{ 0: <span className="font-medium text-foreground" translate="no" /> }}
        />
      </p>
      <Field label={t('newEmail')} error={errors.newEmail?.message}>
        {(ids) => (
          <Input {...ids} type="email" autoComplete="email" {...form.register('newEmail')} />
        )}
      </Field>
      <Field label={t('currentPassword')} error={errors.currentPassword?.message}>
        {(ids) => (
          <PasswordInput
            {...ids}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        )}
      </Field>
      <FormError message={formError} />
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? t('sending') : t('sendConfirmationLink')}
      </Button>
    </form>
  );
}

function SignOutEverywhere() {
  const t = useText(securityText);
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutEverywhere();
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast({ title: textOf(securityText)('signedOutEverywhere'), variant: 'success' });
        navigate('/login');
      },
      onError: (error) =>
        toast({
          title: textOf(securityText)('signOutFailed'),
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">{t('signOutEverywhereTitle')}</h3>
      <p className="text-sm text-muted-foreground">{t('signOutEverywhereNote')}</p>
      {asking ? (
        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label={t('confirmSignOutEverywhere')}
        >
          <Button variant="destructive" disabled={signOut.isPending} onClick={confirm}>
            {signOut.isPending ? t('signingOut') : t('yesSignOutEverywhere')}
          </Button>
          <Button variant="outline" disabled={signOut.isPending} onClick={() => setAsking(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
          {t('signOutEverywhereButton')}
        </Button>
      )}
    </div>
  );
}

/**
 * Password, email, two-step sign-in and sessions: each change asks for proof it is the account's
 * owner.
 */
export function AccountSecurityCard({ user }: { user: PublicUser }) {
  const t = useText(securityText);
  return (
    <Card className="grid gap-6 p-4">
      <h2 className="text-lg font-bold">{t('accountSecurity')}</h2>
      <ChangePassword user={user} />
      <hr className="border-border" />
      <ChangeEmail user={user} />
      <hr className="border-border" />
      <TwoStepSettings />
      <hr className="border-border" />
      <SignOutEverywhere />
      <hr className="border-border" />
      <DeleteAccount />
    </Card>
  );
}
