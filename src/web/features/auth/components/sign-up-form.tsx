import { Truck, Wrench } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { PasswordMeter } from '#web/components/password-meter.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { cn } from '#web/lib/cn.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { useRegister, type RegisterPayload } from '../api/use-register.ts';
import { authText } from '../text.ts';

type Values = Required<
  Pick<
    RegisterPayload,
    'username' | 'name' | 'email' | 'phone' | 'password' | 'location' | 'aaaMemberId'
  >
> & {
  role: 'driver' | 'mechanic';
};

const empty: Values = {
  username: '',
  name: '',
  email: '',
  phone: '',
  password: '',
  location: '',
  aaaMemberId: '',
  role: 'driver',
};

const accountTypes = [
  { value: 'driver', label: 'driver', hint: 'driverHint', icon: Truck },
  { value: 'mechanic', label: 'mechanic', hint: 'mechanicHint', icon: Wrench },
] as const;

export function SignUpForm({ onSignedUp }: { onSignedUp: (user: PublicUser) => void }) {
  const register = useRegister();
  const t = useText(authText);
  const [values, setValues] = useState<Values>(empty);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (
      !values.username.trim() ||
      !values.email.trim() ||
      !values.password ||
      !values.name.trim()
    ) {
      toast({
        title: t('missingInfo'),
        description: t('fillRequiredFields'),
        variant: 'destructive',
      });
      return;
    }
    setFieldErrors({});
    register.mutate(values, {
      onSuccess: ({ user }) => {
        toast({
          title: textOf(authText)('accountCreated'),
          description: (
            <T
              text={authText}
              id="welcomeToTruckFinder"
              values={{ name: user.name }}
              components={{ 0: <span translate="no" /> }}
            />
          ),
          variant: 'success',
        });
        onSignedUp(user);
      },
      onError: (error) => {
        if (error instanceof ApiError) setFieldErrors(error.fields);
        const failed = textOf(authText)('registrationFailed');
        toast({
          title: failed,
          description: error instanceof ApiError ? error.message : failed,
          variant: 'destructive',
        });
      },
    });
  };

  const text = (key: keyof Values, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={fieldErrors[key]}>
      {(ids) => <Input {...ids} {...props} value={values[key]} onChange={set(key)} />}
    </Field>
  );

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label={t('signUpForm')}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('accountType')}</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={t('accountType')}>
          {accountTypes.map(({ value, label, hint, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border-2 p-3 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring',
                values.role === value ? 'border-primary bg-accent' : 'border-border bg-card',
              )}
            >
              <input
                type="radio"
                name="role"
                value={value}
                checked={values.role === value}
                onChange={set('role')}
                className="sr-only"
              />
              <Icon className="size-6 shrink-0 text-primary" aria-hidden />
              <span className="grid">
                <span className="font-semibold">{t(label)}</span>
                <span className="text-xs text-muted-foreground">{t(hint)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('username', t('usernameRequired'), { autoComplete: 'username' })}
        {text('name', t('fullNameRequired'), { autoComplete: 'name' })}
      </div>
      {text('email', t('emailRequired'), {
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
      })}
      {text('phone', t('phoneRequired'), {
        type: 'tel',
        autoComplete: 'tel',
        inputMode: 'tel',
        placeholder: '(214) 555-0142',
      })}
      <Field label={t('passwordRequired')} error={fieldErrors.password} hint={t('passwordHint')}>
        {(ids) => (
          <>
            <PasswordInput
              {...ids}
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
            />
            <PasswordMeter
              password={values.password}
              owner={{ email: values.email, username: values.username, name: values.name }}
            />
          </>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('location', t('location'), {
          placeholder: t('locationPlaceholder'),
          autoComplete: 'address-level2',
        })}
        {text('aaaMemberId', t('aaaOptional'))}
      </div>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? t('creatingAccount') : t('createAccount')}
      </Button>
    </form>
  );
}
