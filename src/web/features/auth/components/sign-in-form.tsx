import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { useLogin } from '../api/use-login.ts';
import { CodeStep } from './code-step.tsx';

export function SignInForm({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** Sign-ins are slowed for this account: a two-step code with the password still gets in. */
  const [slowed, setSlowed] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');

  const welcome = (user: PublicUser) => {
    toast({
      title: 'Welcome back!',
      description: `Logged in as ${user.name}`,
      variant: 'success',
    });
    onSignedIn(user);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({
        title: 'Missing information',
        description: 'Please fill in all fields',
        variant: 'destructive',
      });
      return;
    }
    login.mutate(
      { email, password, ...(slowed && code.trim() ? { code: code.trim() } : {}) },
      {
        onSuccess: (result) => {
          if ('user' in result) return welcome(result.user);
          setPassword('');
          setStep('code');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 429) setSlowed(true);
          toast({
            title: 'Login failed',
            description: error instanceof ApiError ? error.message : 'Login failed',
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (step === 'code')
    return (
      <CodeStep
        onSignedIn={welcome}
        onRestart={(message) => {
          setStep('password');
          if (message)
            toast({ title: 'Login failed', description: message, variant: 'destructive' });
        }}
      />
    );

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Sign in">
      <Field label="Email">
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Password">
        {(props) => (
          <PasswordInput
            {...props}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {slowed ? (
        <Field
          label="Two-step code (optional)"
          hint="If you use two-step sign-in, your code with the password signs you in now."
        >
          {(props) => (
            <Input
              {...props}
              autoComplete="one-time-code"
              maxLength={32}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <div className="-mt-2 text-right">
        <Link
          href="/forgot-password"
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
