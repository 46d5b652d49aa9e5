import { useState, type FormEvent } from 'react';
import type { TotpSetup } from '#core/auth/second-factor.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import {
  useMfaStatus,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from '../api/use-second-factor.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/** The ten codes, shown once: copy them or save them as a file before going on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Truck Finder recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast({ title: 'Recovery codes copied', variant: 'success' }))
      .catch(() =>
        toast({ title: 'Could not copy', description: 'Select and copy them instead.' }),
      );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'truck-finder-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3">
      <h4 id="recovery-codes-title" className="font-semibold">
        Save your recovery codes
      </h4>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border-2 bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved my codes
        </Button>
      </div>
    </section>
  );
}

/** Step two of enrolment: the QR code and the secret as text, then the first code. */
function ConfirmCode({
  setup,
  onEnabled,
}: {
  setup: TotpSetup;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code');
    setError(undefined);
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (failure) => setError(messageOf(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Confirm two-step sign-in">
      <p className="text-sm">
        Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), or type
        the key into it. Then enter the 6-digit code it shows.
      </p>
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded-lg border-2 bg-white"
      />
      <div className="grid gap-1">
        <span className="text-sm font-medium" id="totp-secret-label">
          Key for typing in
        </span>
        <code
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          className="break-all rounded-lg bg-muted px-3 py-2 font-mono text-sm"
        >
          {setup.secret}
        </code>
      </div>
      <Field label="Code from the app" error={error}>
        {(props) => (
          <Input
            {...props}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={enable.isPending} className="justify-self-start">
        {enable.isPending ? 'Checking...' : 'Turn on'}
      </Button>
    </form>
  );
}

function TurnOff() {
  const disable = useTotpDisable();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password');
    setError(undefined);
    disable.mutate(password, {
      onSuccess: () => {
        setPassword('');
        toast({ title: 'Two-step sign-in is off', variant: 'success' });
      },
      onError: (failure) => setError(messageOf(failure)),
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3"
      aria-label="Turn off two-step sign-in"
    >
      <Field label="Password to turn it off" error={error}>
        {(props) => (
          <PasswordInput
            {...props}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="outline"
        disabled={disable.isPending}
        className="justify-self-start"
      >
        {disable.isPending ? 'Turning off...' : 'Turn off two-step sign-in'}
      </Button>
    </form>
  );
}

/**
 * Two-step sign-in for the signed-in account (docs/decisions/037-second-factor.md): turn it on
 * with an authenticator app, keep the recovery codes, or turn it off with the password.
 */
export function TwoStepSettings({ onEnabled }: { onEnabled?: () => void }) {
  const status = useMfaStatus();
  const setup = useTotpSetup();
  const [codes, setCodes] = useState<string[] | null>(null);

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setup.reset();
          onEnabled?.();
        }}
      />
    );
  } else if (status.isPending) {
    body = <p className="text-sm text-muted-foreground">Loading...</p>;
  } else if (status.isError) {
    body = <FormError message={messageOf(status.error)} />;
  } else if (status.data.totp) {
    body = (
      <>
        <p className="text-sm">
          Two-step sign-in is on. {status.data.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <TurnOff />
      </>
    );
  } else if (setup.data) {
    body = <ConfirmCode setup={setup.data} onEnabled={setCodes} />;
  } else {
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          Sign-in asks for a code from an app on your phone after the password, so a stolen password
          alone gets nobody in.
        </p>
        <FormError message={setup.isError ? messageOf(setup.error) : undefined} />
        <Button
          type="button"
          onClick={() => setup.mutate()}
          disabled={setup.isPending}
          className="justify-self-start"
        >
          {setup.isPending ? 'Preparing...' : 'Set up two-step sign-in'}
        </Button>
      </>
    );
  }
  return (
    <section aria-labelledby="two-step-title" className="grid gap-3">
      <h3 id="two-step-title" className="font-semibold">
        Two-step sign-in
      </h3>
      {body}
    </section>
  );
}
