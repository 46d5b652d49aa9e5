import { useCallback, useEffect, useRef, useState } from 'react';
import type { QaResponse } from '../shared/qa-api.ts';
import {
  deleteTestAccount,
  deleteTestAccounts,
  type TestAccount,
} from '../shared/test-accounts.ts';

/**
 * Accounts registered by hand on the Manual Testing tab, with the token and password that delete
 * them. Whatever is left is deleted when the page is left.
 */
export function useManualAccounts() {
  const [accounts, setAccounts] = useState<TestAccount[]>([]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const live = useRef(new Map<string, TestAccount>());

  useEffect(() => {
    const tracked = live.current;
    return () => {
      const left = [...tracked.values()];
      tracked.clear();
      void deleteTestAccounts(left);
    };
  }, []);

  const track = useCallback((account: TestAccount) => {
    live.current.set(account.user.id, account);
    setAccounts((all) => [...all, account]);
  }, []);

  /** Deletes one account; it stays listed when the server did not delete it. */
  const remove = useCallback(async (account: TestAccount): Promise<QaResponse> => {
    setDeleting(account.user.id);
    const response = await deleteTestAccount(account);
    setDeleting(null);
    if (response.ok) {
      live.current.delete(account.user.id);
      setAccounts((all) => all.filter((a) => a.user.id !== account.user.id));
    }
    return response;
  }, []);

  return { accounts, track, remove, deleting };
}
