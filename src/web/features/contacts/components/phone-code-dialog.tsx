import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PHONE_CODE_FORMAT_MESSAGE } from '#core/contacts/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { T, useText } from '#web/lib/i18n.ts';
import { useConfirmPhone, useSendPhoneCode } from '../api/use-contacts.ts';
import { contactsText } from '../text.ts';

interface Props {
  phone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the code confirmed the phone. */
  onConfirmed?: () => void;
  /** Text a code as the dialog opens (from the banner; none was sent at sign-up). */
  sendOnOpen?: boolean;
}

/** Enter the 6-digit code texted to the phone, or ask for a new one. */
export function PhoneCodeDialog({ phone, open, onOpenChange, onConfirmed, sendOnOpen }: Props) {
  const t = useText(contactsText);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const confirm = useConfirmPhone();
  const resend = useSendPhoneCode();
  const sentForThisOpening = useRef(false);

  useEffect(() => {
    if (!open) {
      sentForThisOpening.current = false;
      return;
    }
    if (!sendOnOpen || sentForThisOpening.current) return;
    sentForThisOpening.current = true;
    resend.mutate();
  }, [open, sendOnOpen, resend]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setFormatError(PHONE_CODE_FORMAT_MESSAGE);
      return;
    }
    setFormatError(undefined);
    resend.reset();
    confirm.mutate(digits, {
      onSuccess: () => {
        setCode('');
        onConfirmed?.();
        onOpenChange(false);
      },
    });
  }

  function sendNew() {
    confirm.reset();
    setCode('');
    resend.mutate();
  }

  const serverError = confirm.error?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('enterYourCode')}</DialogTitle>
        <DialogDescription>
          <T
            text={contactsText}
            id="codeSentTo"
            values={{ phone }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field label={t('codeLabel')} error={formatError ?? serverError}>
            {(props) => (
              <Input
                {...props}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={7}
                className="text-center text-2xl tracking-[0.4em]"
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t('checking') : t('confirmPhone')}
          </Button>
          {resend.isSuccess ? (
            <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
              <T
                text={contactsText}
                id="codeOnItsWay"
                values={{ phone }}
                components={{ 0: <span translate="no" /> }}
              />
            </p>
          ) : null}
          {resend.isError ? <FormError message={resend.error.message} /> : null}
          <Button type="button" variant="outline" onClick={sendNew} disabled={resend.isPending}>
            {resend.isPending ? t('sending') : t('sendNewCode')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
