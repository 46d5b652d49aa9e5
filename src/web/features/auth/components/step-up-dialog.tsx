import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { ApiError, setStepUpHandler } from '#web/api/transport.ts';
import { useText } from '#web/lib/i18n.ts';
import { useStepUp } from '../api/use-second-factor.ts';
import { securityText } from '../security-text.ts';

/**
 * The re-check before a sensitive action (a role change, an export, the outbox): the server
 * asked for a fresh proof, this asks for the password or a code, and the action goes again.
 */
export default function StepUpDialog({ firstAsk }: { firstAsk?: (proved: boolean) => void }) {
  const stepUp = useStepUp();
  const t = useText(securityText);
  // The ask that loaded this dialog (app/providers.tsx) is open from the start.
  const pending = useRef<((proved: boolean) => void) | null>(firstAsk ?? null);
  const [open, setOpen] = useState(firstAsk !== undefined);
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setValue('');
          setError(undefined);
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  const finish = (proved: boolean) => {
    pending.current?.(proved);
    pending.current = null;
    setOpen(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(withCode ? t('enterCode') : t('enterPassword'));
    stepUp.mutate(withCode ? { code: value.trim() } : { password: value }, {
      onSuccess: () => finish(true),
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : t('somethingWrong')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : finish(false))}>
      <DialogContent>
        <DialogTitle>{t('confirmItsYou')}</DialogTitle>
        <DialogDescription>
          {t('stepUpIntro', { withCode: withCode ? 'yes' : 'no' })}
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('confirmItsYou')}>
          <Field label={withCode ? t('twoStepCode') : t('password')} error={error}>
            {(props) =>
              withCode ? (
                <Input
                  {...props}
                  autoComplete="one-time-code"
                  maxLength={32}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              ) : (
                <PasswordInput
                  {...props}
                  autoComplete="current-password"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              )
            }
          </Field>
          <Button type="submit" disabled={stepUp.isPending}>
            {stepUp.isPending ? t('checking') : t('continue')}
          </Button>
          <Button
            type="button"
            variant="link"
            className="justify-self-start"
            onClick={() => {
              setWithCode(!withCode);
              setValue('');
              setError(undefined);
            }}
          >
            {withCode ? t('usePassword') : t('useCode')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
