import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useLogin } from '../api/use-login.ts';

export function SignInForm({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

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
      { email, password },
      {
        onSuccess: ({ user }) => {
          toast({
            title: 'Welcome back!',
            description: `Logged in as ${user.name}`,
            variant: 'success',
          });
          onSignedIn(user);
        },
        onError: (error) => {
          toast({
            title: 'Login failed',
            description: error instanceof ApiError ? error.message : 'Login failed',
            variant: 'destructive',
          });
        },
      },
    );
  };

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
