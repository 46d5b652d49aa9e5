import { useEffect, type RefObject } from 'react';
import { deleteTestAccountWhileLeaving, type TestAccount } from '../test-accounts.ts';

/**
 * Deletes the test account in `account` when the tab is closed or reloaded, which unmounting
 * never sees.
 */
export function useDeleteOnPageHide(
  account: RefObject<TestAccount | undefined>,
  onDeleted?: () => void,
) {
  useEffect(() => {
    const onPageHide = () => {
      const left = account.current;
      if (!left) return;
      account.current = undefined;
      onDeleted?.();
      deleteTestAccountWhileLeaving(left);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [account, onDeleted]);
}
