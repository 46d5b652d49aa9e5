import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { deleteAccountSchema, type DeleteAccountInput } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { useDeleteAccount } from '../api/use-account-security.ts';

/** Deleting one's own account: what goes and what stays is said before the password is asked. */
export function DeleteAccount() {
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [formError, setFormError] = useState<string>();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    remove.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Account deleted', description: 'Your account has been deleted.' });
        navigate('/');
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields.password : undefined;
        if (field) form.setError('password', { type: 'server', message: field });
        else setFormError(error.message);
      },
    });
  });
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Delete account</h3>
      <p className="text-sm text-muted-foreground">
        Removes your name, contact details, vehicles and settings, ends your plan and signs you out
        everywhere. Jobs already done, reviews and payments stay in the other side&apos;s history,
        without your name. Open bookings must be finished or cancelled first.
      </p>
      {asking ? (
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <Field label="Password" error={form.formState.errors.password?.message}>
            {(ids) => (
              <PasswordInput
                {...ids}
                autoComplete="current-password"
                {...form.register('password')}
              />
            )}
          </Field>
          <FormError message={formError} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete My Account'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={remove.isPending}
              onClick={() => setAsking(false)}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
          Delete Account
        </Button>
      )}
    </div>
  );
}
