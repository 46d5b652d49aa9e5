import { useCallback, useEffect, useRef, useState } from 'react';
import type { QaResponse } from '../qa-api.ts';
import {
  createTestAccount,
  deleteTestAccount,
  deleteTestAccountWhileLeaving,
  type TestAccount,
} from '../test-accounts.ts';

export interface TestMechanicState {
  account?: TestAccount;
  busy: 'creating' | 'deleting' | null;
  /** The last create or delete answer, shown so the account's fate is never a guess. */
  last?: { action: 'created' | 'deleted'; response: QaResponse };
}

/**
 * One test mechanic for an interactive page: created on the first action that needs it, kept
 * while the page is open, deleted on request, when the page is left or when the tab closes.
 */
export function useTestMechanic() {
  const [state, setState] = useState<TestMechanicState>({ busy: null });
  const accountRef = useRef<TestAccount | undefined>(undefined);
  const creating = useRef<Promise<{ account?: TestAccount; response: QaResponse }> | null>(null);

  useEffect(() => {
    const onPageHide = () => {
      if (accountRef.current) deleteTestAccountWhileLeaving(accountRef.current);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      const account = accountRef.current;
      accountRef.current = undefined;
      if (account) void deleteTestAccount(account);
    };
  }, []);

  /** The page's test mechanic, registered now if there is none yet. */
  const ensure = useCallback(async () => {
    if (accountRef.current) return { account: accountRef.current, response: undefined };
    if (!creating.current) {
      setState((s) => ({ ...s, busy: 'creating' }));
      creating.current = createTestAccount('mechanic');
    }
    const created = await creating.current;
    creating.current = null;
    if (created.account) accountRef.current = created.account;
    setState({
      account: accountRef.current,
      busy: null,
      last: { action: 'created', response: created.response },
    });
    return { account: created.account, response: created.response };
  }, []);

  /** Deletes the test mechanic (its plan is cancelled with it). */
  const discard = useCallback(async () => {
    const account = accountRef.current;
    if (!account) return undefined;
    setState((s) => ({ ...s, busy: 'deleting' }));
    const response = await deleteTestAccount(account);
    if (response.ok) accountRef.current = undefined;
    setState({
      account: accountRef.current,
      busy: null,
      last: { action: 'deleted', response },
    });
    return response;
  }, []);

  return { ...state, ensure, discard };
}

export type TestMechanic = ReturnType<typeof useTestMechanic>;
