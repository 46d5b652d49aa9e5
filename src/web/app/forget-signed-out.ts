import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#core/users/schemas.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { ApiError, sendSignOutFirst, SIGN_OUT_FLAG, signOutFlagged } from '#web/api/transport.ts';
import { deviceMayKeep, deviceStores } from '#web/lib/device-stores.ts';

const meHash = hashKey(meQueryKey);

/** The device keeps nothing of an account no longer signed in: kept answers, queued requests. */
async function forgetOnDevice(signedIn: string | null) {
  if (!(await deviceMayKeep([deviceStores.answers, deviceStores.outbox]))) return;
  const [cache, outbox] = await Promise.all([
    import('#web/lib/offline-cache.ts'),
    import('#web/features/bookings/offline/outbox.ts'),
  ]);
  await Promise.all([
    signedIn ? undefined : cache.forgetOfflineCache(),
    outbox.forgetQueuedBookings(signedIn),
  ]);
}

/** Nothing read for the account that was signed in stays in memory either. */
function forgetInMemory(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
}

/**
 * However a session ends, the device forgets that account: Sign Out (even offline), and the
 * server's own (expiry, Sign Out Everywhere elsewhere, suspension, deletion), learnt from a 401,
 * the event stream's `signed-out`, another tab signing out, or the session found gone at start.
 * Returns the stop function.
 */
export function forgetWhenSignedOut(queryClient: QueryClient): () => void {
  /** Who the server last said is signed in; undefined until it first answers. */
  let known: string | null | undefined;

  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (query.queryHash !== meHash) {
      // A call refused for want of a session: ask whether there still is one.
      if (
        action.type === 'error' &&
        action.error instanceof ApiError &&
        action.error.status === 401
      )
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      return;
    }
    if (action.type !== 'success') return;
    const now = (query.state.data as PublicUser | null | undefined)?.id ?? null;
    if (now === known) return;
    const before = known;
    known = now;
    void forgetOnDevice(now).catch(() => undefined);
    // Signed out by the server while the page was open: drop what was read for that account.
    if (before && !now) queueMicrotask(() => forgetInMemory(queryClient));
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    const error = event.mutation?.state.error;
    if (event.type === 'updated' && error instanceof ApiError && error.status === 401)
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
  });

  // Another tab signed out, perhaps offline: this one is signed out too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGN_OUT_FLAG && event.newValue === '1') forgetInMemory(queryClient);
  };
  const sendPending = () =>
    import('#web/lib/pending-sign-out.ts').then((pending) => pending.sendPendingSignOut());
  sendSignOutFirst(sendPending);
  // A sign-out made offline leaves as soon as the signal is back.
  const onOnline = () => {
    if (signOutFlagged()) void sendPending();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('online', onOnline);
  onOnline();
  return () => {
    stopQueries();
    stopMutations();
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('online', onOnline);
  };
}
