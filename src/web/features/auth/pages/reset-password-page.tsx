import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { NewPasswordFields } from '#web/components/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { api } from '#web/api/client.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authText } from '../text.ts';

const resolver = lazyResolver(() =>
  import('../reset-password-form-schema.ts').then((m) => m.resetPasswordFormSchema),
);

/**
 * The link's token is read once and kept in memory; the address bar loses it before the first
 * paint, so it stays out of the history, a screenshot or a shared address.
 */
function useTokenFromAddress(): string {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  useLayoutEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  }, []);
  return token;
}

export default function ResetPasswordPage() {
  const token = useTokenFromAddress();
  const [, navigate] = useLocation();
  const t = useText(authText);
  const reset = useMutation({
    mutationFn: (password: string) =>
      api.post('/auth/reset-password', { body: { token, password } }),
    onSuccess: ({ message }) => {
      toast({
        title: textOf(authText)('passwordChanged'),
        description: message,
        variant: 'success',
      });
      navigate('/login');
    },
  });
  const form = useForm({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  return (
    <AuthCard
      title={t('resetTitle')}
      intro={t('resetIntro')}
      footer={
        <Link
          href="/forgot-password"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('needNewLink')}
        </Link>
      }
    >
      {token ? (
        <form
          onSubmit={form.handleSubmit(({ password }) => reset.mutate(password))}
          noValidate
          className="grid gap-4"
        >
          <NewPasswordFields
            form={form}
            name="password"
            confirmName="confirmPassword"
            label={t('newPassword')}
            confirmLabel={t('confirmNewPassword')}
            hint={t('passwordHint')}
          />
          <FormError message={reset.error?.message} />
          <Button type="submit" size="lg" disabled={reset.isPending}>
            {reset.isPending ? t('saving') : t('setNewPassword')}
          </Button>
        </form>
      ) : (
        <FormError message={t('invalidLink')} />
      )}
    </AuthCard>
  );
}
