// The service worker: the app shell from the precache (every built file, listed by the build),
// the driver's queued booking requests and a sign-out made offline, sent when Background Sync says
// the signal is back.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { fetchMe } from '#web/features/auth/api/use-me.ts';
import { OUTBOX_SYNC_TAG, sendQueuedBookings } from '#web/features/bookings/offline/outbox.ts';
import { sendPendingSignOut, SIGN_OUT_SYNC_TAG } from '#web/lib/pending-sign-out.ts';

/** The parts of the worker's global scope used here (the DOM and WebWorker type libraries clash). */
declare const self: typeof globalThis & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'sync',
    listener: (event: Event & { tag: string; waitUntil(done: Promise<unknown>): void }) => void,
  ): void;
};

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/robots\.txt$/],
  }),
);

/**
 * Sends the queued requests of whoever is signed in now (never another account's). Rejecting
 * while some must still wait asks the browser to fire the sync again later.
 */
async function sendForSignedInDriver() {
  const { waiting } = await sendQueuedBookings(() => fetchMe().then((user) => user?.id ?? null));
  if (waiting) throw new Error(`${waiting} queued booking requests are still waiting`);
}

/** A sign-out made offline reaches the server; rejecting asks the browser to try again later. */
async function sendSignOut() {
  if (!(await sendPendingSignOut())) throw new Error('The sign-out is still waiting');
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendForSignedInDriver());
  if (event.tag === SIGN_OUT_SYNC_TAG) event.waitUntil(sendSignOut());
});
