import { openDB } from 'idb';
import { createApiClient } from '#web/api/client.ts';
import { SIGN_OUT_FLAG } from '#web/api/transport.ts';

/**
 * A sign-out the server has not heard of yet. Signing out works at once on the device, signal or
 * not; the logout itself waits here (IndexedDB, which the service worker reads too) until it can
 * be sent: by the next API call of any page (which sends it first, so nothing leaves with the old
 * session), by the `online` event, or by the worker's Background Sync.
 * See docs/decisions/040-nothing-private-left-behind.md.
 */
export const SIGN_OUT_SYNC_TAG = 'send-sign-out';
const STORE = 'pending';
const KEY = 'logout';

let opened: ReturnType<typeof open> | undefined;
const open = () =>
  openDB('truck-finder-sign-out', 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
const database = () => (opened ??= open());

/** The pages' mirror of the mark (SIGN_OUT_FLAG); the worker has none. */
const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** Notes that the logout must still reach the server, and asks the worker to send it. */
export async function markSignOutPending(): Promise<void> {
  storage()?.setItem(SIGN_OUT_FLAG, '1');
  await (await database()).put(STORE, Date.now(), KEY);
  await askForBackgroundSync();
}

export async function signOutPending(): Promise<boolean> {
  return (await (await database()).get(STORE, KEY)) !== undefined;
}

/**
 * Sends straight to the network, not through the app's transport: that one sends a waiting
 * sign-out first, so it would wait for this very one. The service worker sends it this way too.
 */
const direct = createApiClient((url, init) =>
  fetch(url, {
    method: init.method,
    credentials: 'include',
    headers: { accept: 'application/json' },
  }),
);

let sending: Promise<boolean> | undefined;

/**
 * Sends the waiting logout, if any, once at a time; answers whether nothing waits any more.
 * The session cookie still on the device ends with it.
 */
export function sendPendingSignOut(): Promise<boolean> {
  return (sending ??= (async () => {
    try {
      if (!(await signOutPending())) {
        storage()?.removeItem(SIGN_OUT_FLAG);
        return true;
      }
      // The answer counts by its status alone.
      const { response } = await direct.POST('/auth/logout');
      if (!response.ok) return false;
      await (await database()).delete(STORE, KEY);
      storage()?.removeItem(SIGN_OUT_FLAG);
      return true;
    } catch {
      return false;
    }
  })().finally(() => (sending = undefined)));
}

async function askForBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as
    (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  await registration?.sync?.register(SIGN_OUT_SYNC_TAG).catch(() => undefined);
}
