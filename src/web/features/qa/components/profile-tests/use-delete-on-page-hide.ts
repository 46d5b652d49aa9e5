import { useEffect, type RefObject } from 'react';
import type { TestAccount } from '../../test-accounts.ts';

/**
 * Deletes the test account in `account` when the tab is closed or reloaded, which unmounting
 * never sees. The request is sent with `keepalive` so it outlives the page.
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
      void fetch('/api/users/me', {
        method: 'DELETE',
        keepalive: true,
        credentials: 'omit',
        headers: {
          authorization: `Bearer ${left.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ password: left.password }),
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [account, onDeleted]);
}
