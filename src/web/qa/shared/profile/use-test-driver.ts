import { useCallback, useRef, useState } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../test-accounts.ts';
import type { AccountEvent } from './account-events.tsx';
import { useDeleteOnPageHide } from './use-delete-on-page-hide.ts';

/**
 * A test driver for each run of checks: `prepare` registers it (a failure toasts `failureTitle`
 * and fails the run) and hands it to `contextFor`; `cleanup` deletes it. `events` tells both, and
 * a driver still there when the tab closes is deleted then.
 */
export function useTestDriver<Context extends { account: TestAccount }>(
  failureTitle: string,
  contextFor: (account: TestAccount) => Context,
) {
  const [events, setEvents] = useState<AccountEvent[]>([]);
  const active = useRef<TestAccount | undefined>(undefined);
  useDeleteOnPageHide(active);

  const prepare = useCallback(async (): Promise<Context> => {
    setEvents([]);
    const { account, response } = await createTestAccount('driver');
    if (!account) {
      setEvents([{ kind: 'create-failed', response }]);
      const reason = `Could not create the test driver: HTTP ${response.status} ${response.message}`;
      toast({ title: failureTitle, description: reason, variant: 'destructive' });
      throw new Error(reason);
    }
    active.current = account;
    setEvents([{ kind: 'created', email: account.email, response }]);
    return contextFor(account);
  }, [failureTitle, contextFor]);

  const cleanup = useCallback(async ({ account }: Context) => {
    active.current = undefined;
    const response = await deleteTestAccount(account);
    setEvents((all) => [
      ...all,
      { kind: response.ok ? 'deleted' : 'delete-failed', email: account.email, response },
    ]);
  }, []);

  const clearEvents = useCallback(() => setEvents([]), []);

  return { events, clearEvents, prepare, cleanup };
}
