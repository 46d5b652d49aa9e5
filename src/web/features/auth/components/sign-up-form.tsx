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
import { useRegister, type RegisterPayload } from '../api/use-register.ts';

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
  { value: 'driver', label: 'Driver', hint: 'I need service', icon: Truck },
  { value: 'mechanic', label: 'Mechanic', hint: 'I provide service', icon: Wrench },
] as const;

export function SignUpForm({ onSignedUp }: { onSignedUp: (user: PublicUser) => void }) {
  const register = useRegister();
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
        title: 'Missing information',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      return;
    }
    setFieldErrors({});
    register.mutate(values, {
      onSuccess: ({ user }) => {
        toast({
          title: 'Account created!',
          description: `Welcome to Truck Finder, ${user.name}!`,
          variant: 'success',
        });
        onSignedUp(user);
      },
      onError: (error) => {
        if (error instanceof ApiError) setFieldErrors(error.fields);
        toast({
          title: 'Registration failed',
          description: error instanceof ApiError ? error.message : 'Registration failed',
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
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Sign up">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Account type</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Account type">
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
                <span className="font-semibold">{label}</span>
                <span className="text-xs text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('username', 'Username *', { autoComplete: 'username' })}
        {text('name', 'Full Name *', { autoComplete: 'name' })}
      </div>
      {text('email', 'Email *', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {text('phone', 'Phone *', {
        type: 'tel',
        autoComplete: 'tel',
        inputMode: 'tel',
        placeholder: '(214) 555-0142',
      })}
      <Field label="Password *" error={fieldErrors.password} hint="At least 8 characters">
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
        {text('location', 'Location', {
          placeholder: 'Dallas, TX',
          autoComplete: 'address-level2',
        })}
        {text('aaaMemberId', 'AAA Member ID (optional)')}
      </div>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
