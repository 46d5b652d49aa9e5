import { useCallback, useEffect, useRef, useState } from 'react';
import type { QaResponse } from '../shared/qa-api.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../shared/test-accounts.ts';
import { useDeleteOnPageHide } from '../shared/profile/use-delete-on-page-hide.ts';

/**
 * A test driver made on demand for whoever is not a driver, deleted by `remove` or when the page
 * is left.
 */
export function useTemporaryDriver() {
  const [account, setAccount] = useState<TestAccount>();
  const [busy, setBusy] = useState<'creating' | 'deleting' | null>(null);
  const [last, setLast] = useState<{ action: 'create' | 'delete'; response: QaResponse }>();
  const current = useRef<TestAccount | undefined>(undefined);
  const mounted = useRef(true);
  const forget = useCallback(() => setAccount(undefined), []);
  useDeleteOnPageHide(current, forget);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const left = current.current;
      current.current = undefined;
      if (left) void deleteTestAccount(left);
    };
  }, []);

  const create = useCallback(async () => {
    if (current.current) return;
    setBusy('creating');
    const { account: made, response } = await createTestAccount('driver');
    if (!mounted.current) {
      if (made) void deleteTestAccount(made);
      return;
    }
    current.current = made;
    setAccount(made);
    setLast({ action: 'create', response });
    setBusy(null);
  }, []);

  const remove = useCallback(async () => {
    const left = current.current;
    if (!left) return;
    setBusy('deleting');
    const response = await deleteTestAccount(left);
    if (!mounted.current) return;
    if (response.ok) {
      current.current = undefined;
      setAccount(undefined);
    }
    setLast({ action: 'delete', response });
    setBusy(null);
  }, []);

  return { account, busy, last, create, remove };
}

export type TemporaryDriver = ReturnType<typeof useTemporaryDriver>;
