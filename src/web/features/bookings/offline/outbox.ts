import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreateBookingInput } from '#core/bookings/schemas.ts';
import { api } from '#web/api/client.ts';
import { ApiError } from '#web/api/transport.ts';

/**
 * Booking requests made without a connection wait here, on the device, until they can be sent.
 * The page and the service worker both send them (the `online` event, Background Sync); the
 * Idempotency-Key each carries from the dialog makes a second send replay the first booking.
 * See docs/decisions/029-bookings-offline.md.
 */
export interface QueuedBooking {
  /** The request's Idempotency-Key, made when the dialog opened. */
  key: string;
  /** Whose session may send it: another account signed in on the device never does. */
  userId: string;
  input: CreateBookingInput;
  businessName: string;
  queuedAt: string;
  /** Why the server refused it once sent; a refused request stays listed until removed. */
  refusal?: string;
}

export const OUTBOX_SYNC_TAG = 'send-queued-bookings';
const CHANNEL = 'booking-outbox';
const LOCK = 'booking-outbox';

export interface OutboxNews {
  sent: { businessName: string }[];
  refused: { businessName: string; refusal: string }[];
}

interface OutboxSchema extends DBSchema {
  bookings: { key: string; value: QueuedBooking; indexes: { 'by-user': string } };
}

let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;
const database = () =>
  (opened ??= openDB<OutboxSchema>('truck-finder-outbox', 1, {
    upgrade(db) {
      db.createObjectStore('bookings', { keyPath: 'key' }).createIndex('by-user', 'userId');
    },
  }));

/** Tells every page of the app (and the worker) that the queue changed. */
function announce(news: OutboxNews = { sent: [], refused: [] }) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(news);
  channel.close();
}

/** Calls `onNews` whenever the queue changes anywhere in the app; returns the unsubscribe. */
export function listenToOutbox(onNews: (news: OutboxNews) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<OutboxNews>) => onNews(event.data);
  return () => channel.close();
}

/** The user's queued requests, oldest first. */
export async function queuedBookings(userId: string): Promise<QueuedBooking[]> {
  const entries = await (await database()).getAllFromIndex('bookings', 'by-user', userId);
  return entries.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function queueBooking(entry: QueuedBooking): Promise<void> {
  await (await database()).put('bookings', entry);
  announce();
  await askForBackgroundSync();
}

/** Forgets the requests of every account but `keep` (the one signed in now, if any). */
export async function forgetQueuedBookings(keep: string | null): Promise<void> {
  const db = await database();
  const tx = db.transaction('bookings', 'readwrite');
  let forgot = false;
  for (const entry of await tx.store.getAll()) {
    if (entry.userId === keep) continue;
    await tx.store.delete(entry.key);
    forgot = true;
  }
  await tx.done;
  if (forgot) announce();
}

/** Cancels a request before it leaves, or clears a refused one. */
export async function dropQueuedBooking(key: string): Promise<void> {
  await (await database()).delete('bookings', key);
  announce();
}

/** Where the browser has Background Sync, the worker sends the queue when the signal returns. */
async function askForBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** One sender at a time across the app's pages and its worker. */
async function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? ((await locks.request(LOCK, task)) as T) : task();
}

/** A failure that sending again later can fix: no connection, no session yet, a busy server. */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

export interface SendResult extends OutboxNews {
  /** Requests still waiting because the connection or the session is missing. */
  waiting: number;
}

/** A request that waited this long is not sent by itself: help wanted then may not be wanted now. */
export const QUEUE_MAX_AGE_MS = 12 * 60 * 60_000;
export const TOO_OLD =
  'It waited more than 12 hours without a connection. Book again if you still need help.';

/**
 * Sends the queued requests of whoever is signed in now (`signedIn` asks the server), in the
 * order they were made, and stops at the first that must wait. Each entry is read again just
 * before it leaves, so one cancelled meanwhile stays unsent.
 */
export function sendQueuedBookings(signedIn: () => Promise<string | null>): Promise<SendResult> {
  return exclusively(async () => {
    const result: SendResult = { sent: [], refused: [], waiting: 0 };
    let userId: string | null;
    try {
      userId = await signedIn();
    } catch {
      userId = null;
    }
    if (!userId) return { ...result, waiting: 1 };
    const pending = (await queuedBookings(userId)).filter((entry) => !entry.refusal);
    const refuse = async (entry: QueuedBooking, refusal: string) => {
      const db = await database();
      const tx = db.transaction('bookings', 'readwrite');
      // Cancelled meanwhile: it stays gone.
      if (await tx.store.get(entry.key)) await tx.store.put({ ...entry, refusal });
      await tx.done;
      result.refused.push({ businessName: entry.businessName, refusal });
    };
    for (const [index, entry] of pending.entries()) {
      if (!(await (await database()).get('bookings', entry.key))) continue;
      if (Date.now() - new Date(entry.queuedAt).getTime() > QUEUE_MAX_AGE_MS) {
        await refuse(entry, TOO_OLD);
        continue;
      }
      try {
        await api.post('/bookings', {
          body: entry.input,
          params: { header: { 'idempotency-key': entry.key } },
        });
        await (await database()).delete('bookings', entry.key);
        result.sent.push({ businessName: entry.businessName });
      } catch (error) {
        if (worthRetrying(error)) {
          result.waiting = pending.length - index;
          break;
        }
        await refuse(entry, (error as ApiError).message);
      }
    }
    if (result.sent.length || result.refused.length)
      announce({ sent: result.sent, refused: result.refused });
    return result;
  });
}
