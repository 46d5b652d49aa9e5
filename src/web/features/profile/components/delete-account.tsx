import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { DeleteAccountInput } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { securityText } from '../security-text.ts';
import { useDeleteAccount } from '../api/use-account-security.ts';

const resolver = lazyResolver(() =>
  import('#core/users/schemas.ts').then((m) => m.deleteAccountSchema),
);

/** Deleting one's own account: what goes and what stays is said before the password is asked. */
export function DeleteAccount() {
  const t = useText(securityText);
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [formError, setFormError] = useState<string>();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver,
    defaultValues: { password: '' },
  });
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    remove.mutate(input, {
      onSuccess: () => {
        toast({
          title: textOf(securityText)('accountDeleted'),
          description: textOf(securityText)('accountDeletedNote'),
        });
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
      <h3 className="font-semibold">{t('deleteAccountTitle')}</h3>
      <p className="text-sm text-muted-foreground">{t('deleteAccountNote')}</p>
      {asking ? (
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <Field label={t('password')} error={form.formState.errors.password?.message}>
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
              {remove.isPending ? t('deleting') : t('deleteMyAccount')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={remove.isPending}
              onClick={() => setAsking(false)}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
          {t('deleteAccountButton')}
        </Button>
      )}
    </div>
  );
}
