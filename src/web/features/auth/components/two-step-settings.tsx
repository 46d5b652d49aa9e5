import { useState, type FormEvent } from 'react';
import type { TotpSetup } from '#core/auth/second-factor.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import {
  useMfaStatus,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from '../api/use-second-factor.ts';
import { securityText } from '../security-text.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : textOf(securityText)('somethingWrongRetry');

/** The ten codes, shown once: copy them or save them as a file before going on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useText(securityText);
  const text = `${t('recoveryFileText')}\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast({ title: textOf(securityText)('codesCopied'), variant: 'success' }))
      .catch(() =>
        toast({
          title: textOf(securityText)('couldNotCopy'),
          description: textOf(securityText)('selectInstead'),
        }),
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
        {t('saveCodes')}
      </h4>
      <p className="text-sm text-muted-foreground">{t('saveCodesIntro')}</p>
      <ul
        aria-label={t('recoveryCodes')}
        className="grid grid-cols-2 gap-2 rounded-lg border-2 bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} translate="no">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {t('copyCodes')}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          {t('downloadCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('savedCodes')}
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
  const t = useText(securityText);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('enterCode'));
    setError(undefined);
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (failure) => setError(messageOf(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('confirmTwoStep')}>
      <p className="text-sm">{t('scanIntro')}</p>
      <img
        src={setup.qrCode}
        alt={t('qrAlt')}
        width={200}
        height={200}
        className="rounded-lg border-2 bg-white"
      />
      <div className="grid gap-1">
        <span className="text-sm font-medium" id="totp-secret-label">
          {t('keyForTyping')}
        </span>
        <code
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          translate="no"
          className="break-all rounded-lg bg-muted px-3 py-2 font-mono text-sm"
        >
          {setup.secret}
        </code>
      </div>
      <Field label={t('codeFromApp')} error={error}>
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
        {enable.isPending ? t('checking') : t('turnOn')}
      </Button>
    </form>
  );
}

function TurnOff() {
  const disable = useTotpDisable();
  const t = useText(securityText);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('enterPassword'));
    setError(undefined);
    disable.mutate(password, {
      onSuccess: () => {
        setPassword('');
        toast({ title: textOf(securityText)('twoStepOff'), variant: 'success' });
      },
      onError: (failure) => setError(messageOf(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('turnOffForm')}>
      <Field label={t('passwordToTurnOff')} error={error}>
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
        {disable.isPending ? t('turningOff') : t('turnOff')}
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
  const t = useText(securityText);
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
    body = <p className="text-sm text-muted-foreground">{t('loading')}</p>;
  } else if (status.isError) {
    body = <FormError message={messageOf(status.error)} />;
  } else if (status.data.totp) {
    body = (
      <>
        <p className="text-sm">{t('twoStepOn', { left: status.data.recoveryCodesLeft })}</p>
        <TurnOff />
      </>
    );
  } else if (setup.data) {
    body = <ConfirmCode setup={setup.data} onEnabled={setCodes} />;
  } else {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t('twoStepIntro')}</p>
        <FormError message={setup.isError ? messageOf(setup.error) : undefined} />
        <Button
          type="button"
          onClick={() => setup.mutate()}
          disabled={setup.isPending}
          className="justify-self-start"
        >
          {setup.isPending ? t('preparing') : t('setUp')}
        </Button>
      </>
    );
  }
  return (
    <section aria-labelledby="two-step-title" className="grid gap-3">
      <h3 id="two-step-title" className="font-semibold">
        {t('twoStepTitle')}
      </h3>
      {body}
    </section>
  );
}
