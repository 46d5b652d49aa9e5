import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { api } from '#web/api/client.ts';
import { useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useEmailMode } from '../api/use-email-mode.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authText } from '../text.ts';

const resolver = lazyResolver(() =>
  import('#core/auth/schemas.ts').then((m) => m.forgotPasswordSchema),
);

export default function ForgotPasswordPage() {
  const emailMode = useEmailMode();
  const t = useText(authText);
  const request = useMutation({
    mutationFn: (email: string) => api.post('/auth/forgot-password', { body: { email } }),
  });
  const form = useForm({
    resolver,
    defaultValues: { email: '' },
  });

  return (
    <AuthCard
      title={t('forgotTitle')}
      intro={t('forgotIntro')}
      footer={
        <Link
          href="/login"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('backToSignIn')}
        </Link>
      }
    >
      {request.isSuccess ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg bg-accent p-4 text-accent-foreground"
        >
          <MailCheck className="mt-0.5 size-6 shrink-0" aria-hidden />
          <p>{request.data.message}</p>
        </div>
      ) : (
        <form
          onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}
          noValidate
          className="grid gap-4"
        >
          <Field label={t('email')} error={form.formState.errors.email?.message}>
            {(ids) => (
              <Input
                {...ids}
                type="email"
                autoComplete="email"
                inputMode="email"
                {...form.register('email')}
              />
            )}
          </Field>
          <FormError message={request.error?.message} />
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? t('sending') : t('sendResetLink')}
          </Button>
        </form>
      )}
      {emailMode.data === 'outbox' ? (
        <p className="rounded-lg border-2 border-dashed p-3 text-sm text-muted-foreground">
          {t('emailTestMode')}
        </p>
      ) : null}
    </AuthCard>
  );
}
