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
import { useStepUp } from '../api/use-second-factor.ts';

/**
 * The re-check before a sensitive action (a role change, an export, the outbox): the server
 * asked for a fresh proof, this asks for the password or a code, and the action goes again.
 */
export default function StepUpDialog() {
  const stepUp = useStepUp();
  const pending = useRef<((proved: boolean) => void) | null>(null);
  const [open, setOpen] = useState(false);
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
    if (!value.trim()) return setError(withCode ? 'Enter the code' : 'Enter your password');
    stepUp.mutate(withCode ? { code: value.trim() } : { password: value }, {
      onSuccess: () => finish(true),
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : 'Something went wrong'),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : finish(false))}>
      <DialogContent>
        <DialogTitle>Confirm it&apos;s you</DialogTitle>
        <DialogDescription>
          For your security, enter your {withCode ? 'two-step code' : 'password'} to continue. You
          won&apos;t be asked again for 10 minutes.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Confirm it's you">
          <Field label={withCode ? 'Two-step code' : 'Password'} error={error}>
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
            {stepUp.isPending ? 'Checking...' : 'Continue'}
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
            {withCode ? 'Use my password instead' : 'Use a two-step code instead'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
