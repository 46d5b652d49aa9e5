import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link, useLocation } from 'wouter';
import { messages, passwordField } from '#core/validation.ts';
import { NewPasswordFields } from '#web/components/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { api } from '#web/api/client.ts';
import { AuthCard } from '../components/auth-card.tsx';

const schema = z
  .object({ password: passwordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMatch,
    path: ['confirmPassword'],
  });

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
  const reset = useMutation({
    mutationFn: (password: string) =>
      api.post('/auth/reset-password', { body: { token, password } }),
    onSuccess: ({ message }) => {
      toast({ title: 'Password changed', description: message, variant: 'success' });
      navigate('/login');
    },
  });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  return (
    <AuthCard
      title="Choose a new password"
      intro="Your other devices will be signed out."
      footer={
        <Link
          href="/forgot-password"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          Need a new link?
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
            label="New Password"
            confirmLabel="Confirm New Password"
            hint="At least 8 characters"
          />
          <FormError message={reset.error?.message} />
          <Button type="submit" size="lg" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set New Password'}
          </Button>
        </form>
      ) : (
        <FormError message="This reset link is invalid or has expired. Request a new one." />
      )}
    </AuthCard>
  );
}
