import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { useLogin } from '../api/use-login.ts';
import { authText } from '../text.ts';

// Only accounts with two-step sign-in reach the code step: it loads when the password is accepted.
const CodeStep = lazy(() =>
  import('./code-step.tsx').then((module) => ({ default: module.CodeStep })),
);

export function SignInForm({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const login = useLogin();
  const t = useText(authText);
  /** Kept for the form again when the code step sends the visitor back to it. */
  const [email, setEmail] = useState('');
  /** Sign-ins are slowed for this account: a two-step code with the password still gets in. */
  const [slowed, setSlowed] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');

  const welcome = (user: PublicUser) => {
    const t = textOf(authText);
    toast({
      title: t('welcomeToast'),
      description: (
        <T
          text={authText}
          id="loggedInAs"
          values={{ name: user.name }}
          components={{ 0: <span translate="no" /> }}
        />
      ),
      variant: 'success',
    });
    onSignedIn(user);
  };

  // The fields are read as sent, not kept in state as typed: on the landing page the build
  // pre-rendered (decision 070), a visitor may type before the app's code has arrived.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '');
    const password = String(fields.get('password') ?? '');
    const code = String(fields.get('code') ?? '').trim();
    setEmail(email);
    if (!email.trim() || !password) {
      toast({
        title: t('missingInfo'),
        description: t('fillAllFields'),
        variant: 'destructive',
      });
      return;
    }
    login.mutate(
      { email, password, ...(slowed && code ? { code } : {}) },
      {
        onSuccess: (result) => {
          if ('user' in result) return welcome(result.user);
          setStep('code');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 429) setSlowed(true);
          const t = textOf(authText);
          toast({
            title: t('loginFailed'),
            description: error instanceof ApiError ? error.message : t('loginFailed'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (step === 'code')
    return (
      <Suspense
        fallback={<div className="h-40 animate-pulse rounded-lg bg-muted" aria-busy="true" />}
      >
        <CodeStep
          onSignedIn={welcome}
          onRestart={(message) => {
            setStep('password');
            if (message)
              toast({
                title: textOf(authText)('loginFailed'),
                description: message,
                variant: 'destructive',
              });
          }}
        />
      </Suspense>
    );

  return (
    // Sent by the browser itself only if the app's code never came: by POST, so the password
    // stays out of the address, to `/`, which sends the visitor back to the page
    // (src/server/http/web.ts).
    <form
      method="post"
      action="/"
      onSubmit={submit}
      className="grid gap-4"
      noValidate
      aria-label={t('signInForm')}
    >
      <Field label={t('email')}>
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="email"
            inputMode="email"
            name="email"
            placeholder={t('emailPlaceholder')}
            defaultValue={email}
          />
        )}
      </Field>
      <Field label={t('password')}>
        {(props) => <PasswordInput {...props} name="password" autoComplete="current-password" />}
      </Field>
      {slowed ? (
        <Field label={t('codeOptional')} hint={t('codeOptionalHint')}>
          {(props) => <Input {...props} name="code" autoComplete="one-time-code" maxLength={32} />}
        </Field>
      ) : null}
      <div className="-mt-2 text-right">
        <Link
          href="/forgot-password"
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('forgotPassword')}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('signInButton')}
      </Button>
    </form>
  );
}
