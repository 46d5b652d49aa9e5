import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  changeEmailSchema,
  changePasswordFormSchema,
  type ChangeEmailInput,
  type ChangePasswordForm,
} from '#core/auth/account-changes.ts';
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
import { DeleteAccount } from './delete-account.tsx';

/** Puts the server's per-field messages next to the fields; answers the form-level message. */
function serverErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const fields = Object.entries(error.fields);
  for (const [field, message] of fields) setError(field as Path<T>, { type: 'server', message });
  return fields.length > 0 ? undefined : error.message;
}

function ChangePassword({ user }: { user: PublicUser }) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string>();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
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
          toast({ title: 'Password changed', description: message, variant: 'success' });
        },
        onError: (error) => setFormError(serverErrors(error, form.setError)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Change password">
      <h3 className="font-semibold">Change password</h3>
      <Field label="Current Password" error={errors.currentPassword?.message}>
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
        label="New Password"
        confirmLabel="Confirm New Password"
        owner={user}
      />
      <FormError message={formError} />
      <p className="text-sm text-muted-foreground">Your other devices will be signed out.</p>
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  );
}

function ChangeEmail({ user }: { user: PublicUser }) {
  const change = useChangeEmail();
  const [formError, setFormError] = useState<string>();
  const empty = { newEmail: '', currentPassword: '' };
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    change.mutate(input, {
      onSuccess: ({ message }) => {
        form.reset(empty);
        toast({ title: 'Check your new inbox', description: message, variant: 'success' });
      },
      onError: (error) => setFormError(serverErrors(error, form.setError)),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Change email">
      <h3 className="font-semibold">Change email</h3>
      <p className="text-sm text-muted-foreground">
        Now: <span className="font-medium text-foreground">{user.email}</span>. The new address
        takes effect once you open the link we send to it.
      </p>
      <Field label="New Email" error={errors.newEmail?.message}>
        {(ids) => (
          <Input {...ids} type="email" autoComplete="email" {...form.register('newEmail')} />
        )}
      </Field>
      <Field label="Current Password" error={errors.currentPassword?.message}>
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
        {change.isPending ? 'Sending...' : 'Send Confirmation Link'}
      </Button>
    </form>
  );
}

function SignOutEverywhere() {
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutEverywhere();
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Signed out everywhere', variant: 'success' });
        navigate('/login');
      },
      onError: (error) =>
        toast({ title: 'Sign Out Failed', description: error.message, variant: 'destructive' }),
    });
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Sign out everywhere</h3>
      <p className="text-sm text-muted-foreground">
        Ends every session of your account, on this device too.
      </p>
      {asking ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Confirm sign out everywhere">
          <Button variant="destructive" disabled={signOut.isPending} onClick={confirm}>
            {signOut.isPending ? 'Signing out...' : 'Yes, Sign Out Everywhere'}
          </Button>
          <Button variant="outline" disabled={signOut.isPending} onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
          Sign Out Everywhere
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
  return (
    <Card className="grid gap-6 p-4">
      <h2 className="text-lg font-bold">Account Security</h2>
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
