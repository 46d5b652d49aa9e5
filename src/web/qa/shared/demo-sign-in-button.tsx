import { Loader2, LogIn } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import type { useDemoSignIn } from './use-demo-sign-in.ts';

/** "Sign in as demo …": signs this browser in as the demo account `email`. */
export function DemoSignInButton({
  email,
  label,
  demo,
  current = false,
}: {
  email: string;
  label: string;
  demo: ReturnType<typeof useDemoSignIn>;
  /** The browser is signed in as this account already. */
  current?: boolean;
}) {
  const signingIn = demo.busy === email;
  return (
    <Button
      variant={current ? 'secondary' : 'default'}
      disabled={demo.busy !== null}
      onClick={() => void demo.signIn(email)}
    >
      {signingIn ? <Loader2 className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
      {signingIn ? 'Signing in...' : label}
    </Button>
  );
}
