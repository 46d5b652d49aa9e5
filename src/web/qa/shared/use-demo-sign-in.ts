import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { DEMO_PASSWORD } from '#core/demo-accounts.ts';
import type { Answer } from '#web/api/client.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { pageApi, type QaResponse } from './qa-api.ts';

type SignedIn = Answer<'post', '/auth/login'> | Answer<'post', '/auth/register'>;

/** The user a sign-in or registration answered, unless it only asked for the second step. */
export const signedInUser = (answer: SignedIn | undefined) =>
  answer && 'user' in answer ? answer.user : undefined;

/** "Welcome back!" with the name signed in as, or "Login failed" with the server's message. */
export function toastSignIn(response: QaResponse<SignedIn>, fallbackName: string) {
  if (response.ok)
    toast({
      title: 'Welcome back!',
      description: `Logged in as ${signedInUser(response.body)?.name ?? fallbackName}`,
      variant: 'success',
    });
  else
    toast({
      title: 'Login failed',
      description: response.message || 'Invalid credentials',
      variant: 'destructive',
    });
}

/**
 * Signs this browser in as a demo account, with the page's own cookie: it replaces whoever is
 * signed in, and every query is read again as the new user. `busy` is the email signing in now,
 * `last` the answer of the last sign-in.
 */
export function useDemoSignIn() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<QaResponse | null>(null);

  const signIn = useCallback(
    async (email: string) => {
      setBusy(email);
      const response = await pageApi.post('/auth/login', {
        body: { email, password: DEMO_PASSWORD },
      });
      setLast(response);
      if (response.ok) await queryClient.invalidateQueries();
      toastSignIn(response, email);
      setBusy(null);
    },
    [queryClient],
  );

  return { signIn, busy, last };
}
