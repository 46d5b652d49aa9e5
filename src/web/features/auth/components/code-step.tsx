import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/api/transport.ts';
import { useVerifyCode } from '../api/use-second-factor.ts';

const EXPIRED = /Sign in again/;

/** The second step of a sign-in: the authenticator's code, or one of the recovery codes. */
export function CodeStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: PublicUser) => void;
  onRestart: (message?: string) => void;
}) {
  const verify = useVerifyCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code');
    setError(undefined);
    verify.mutate(code.trim(), {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.message : 'Something went wrong';
        if (EXPIRED.test(message)) return onRestart(message);
        setError(message);
        setCode('');
        input.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Two-step sign-in">
      <div className="grid gap-1">
        <h2 className="text-lg font-bold">Two-step sign-in</h2>
        <p className="text-sm text-muted-foreground">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
      </div>
      <Field label="Code" error={error}>
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
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" onClick={() => onRestart()}>
        Back to sign in
      </Button>
    </form>
  );
}
