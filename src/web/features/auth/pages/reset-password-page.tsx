import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Link, useLocation, useSearch } from 'wouter';
import { messages, passwordField } from '../../../../core/validation.ts';
import { PasswordMeter } from '../../../components/password-meter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { api } from '../../../lib/api-client.ts';
import { AuthCard } from '../components/auth-card.tsx';

const schema = z
  .object({ password: passwordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMatch,
    path: ['confirmPassword'],
  });

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const reset = useMutation({
    mutationFn: (password: string) =>
      api.post<{ message: string }>('/api/auth/reset-password', { token, password }),
    onSuccess: ({ message }) => {
      toast({ title: 'Password changed', description: message, variant: 'success' });
      navigate('/login');
    },
  });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

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
          <Field label="New Password" error={errors.password?.message} hint="At least 8 characters">
            {(ids) => (
              <>
                <PasswordInput
                  {...ids}
                  autoComplete="new-password"
                  {...form.register('password')}
                />
                <PasswordMeter password={password} />
              </>
            )}
          </Field>
          <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
            {(ids) => (
              <PasswordInput
                {...ids}
                autoComplete="new-password"
                {...form.register('confirmPassword')}
              />
            )}
          </Field>
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
