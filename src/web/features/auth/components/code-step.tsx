import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/api/transport.ts';
import { useText } from '#web/lib/i18n.ts';
import { useVerifyCode } from '../api/use-second-factor.ts';
import { authText } from '../text.ts';

// The server's answer when the pending sign-in is over, in English or in Spanish.
const EXPIRED = /Sign in again|Inicie sesión de nuevo/;

/** The second step of a sign-in: the authenticator's code, or one of the recovery codes. */
export function CodeStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: PublicUser) => void;
  onRestart: (message?: string) => void;
}) {
  const verify = useVerifyCode();
  const t = useText(authText);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('enterCode'));
    setError(undefined);
    verify.mutate(code.trim(), {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.message : t('somethingWrong');
        if (EXPIRED.test(message)) return onRestart(message);
        setError(message);
        setCode('');
        input.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label={t('twoStepSignIn')}>
      <div className="grid gap-1">
        <h2 className="text-lg font-bold">{t('twoStepSignIn')}</h2>
        <p className="text-sm text-muted-foreground">{t('codeStepIntro')}</p>
      </div>
      <Field label={t('code')} error={error}>
        {(props) => (
          <Input
            {...props}
            ref={input}
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? t('checking') : t('verify')}
      </Button>
      <Button type="button" variant="ghost" onClick={() => onRestart()}>
        {t('backToSignIn')}
      </Button>
    </form>
  );
}
