// The service worker: the app shell from the precache (every built file, listed by the build),
// the driver's queued booking requests and a sign-out made offline, sent when Background Sync says
// the signal is back, and the push messages the server sends (shown, and opened on a tap).
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
import { postSubscription } from '#web/features/notifications/push-device.ts';
import { sendPendingSignOut, SIGN_OUT_SYNC_TAG } from '#web/lib/pending-sign-out.ts';
import { openPush, showPush, type PushScope } from '#web/pwa/push-handlers.ts';
import { announceLanguage, deviceLanguage } from '#web/lib/language.ts';

// The worker loads no catalogs; its own few texts follow the browser's languages.
announceLanguage(deviceLanguage());

interface WaitingEvent extends Event {
  waitUntil(done: Promise<unknown>): void;
}

/** The parts of the worker's global scope used here (the DOM and WebWorker type libraries clash). */
declare const self: typeof globalThis &
  PushScope & {
    __WB_MANIFEST: (string | PrecacheEntry)[];
    registration: { pushManager: PushManager };
    skipWaiting(): Promise<void>;
    addEventListener(type: 'sync', listener: (event: WaitingEvent & { tag: string }) => void): void;
    addEventListener(
      type: 'push',
      listener: (event: WaitingEvent & { data: { text(): string } | null }) => void,
    ): void;
    addEventListener(
      type: 'notificationclick',
      listener: (event: WaitingEvent & { notification: Notification }) => void,
    ): void;
    addEventListener(
      type: 'pushsubscriptionchange',
      listener: (
        event: WaitingEvent & {
          oldSubscription?: PushSubscription | null;
          newSubscription?: PushSubscription | null;
        },
      ) => void,
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

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self, event.data?.text()));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openPush(self, event.notification));
});

/**
 * The push service replaced or ended this device's subscription: subscribe again with the same
 * key and tell the server, for whoever is signed in (without a session the post is refused and
 * the next sign-in posts it, see features/notifications/push-device.ts).
 */
async function renewSubscription(
  old: PushSubscription | null | undefined,
  renewed: PushSubscription | null | undefined,
) {
  const key = old?.options.applicationServerKey;
  const subscription =
    renewed ??
    (key
      ? await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        })
      : null);
  if (subscription) await postSubscription(subscription);
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription, event.newSubscription));
});
