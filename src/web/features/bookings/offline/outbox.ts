import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Booking, CreateBookingInput } from '#core/bookings/schemas.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

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

/** Sends the user's queued requests in the order they were made; stops at the first that must wait. */
export function sendQueuedBookings(userId: string): Promise<SendResult> {
  return exclusively(async () => {
    const result: SendResult = { sent: [], refused: [], waiting: 0 };
    const pending = (await queuedBookings(userId)).filter((entry) => !entry.refusal);
    for (const [index, entry] of pending.entries()) {
      try {
        await apiRequest<Booking>('POST', '/api/bookings', entry.input, {
          'idempotency-key': entry.key,
        });
        await (await database()).delete('bookings', entry.key);
        result.sent.push({ businessName: entry.businessName });
      } catch (error) {
        if (worthRetrying(error)) {
          result.waiting = pending.length - index;
          break;
        }
        const refusal = (error as ApiError).message;
        await (await database()).put('bookings', { ...entry, refusal });
        result.refused.push({ businessName: entry.businessName, refusal });
      }
    }
    if (result.sent.length || result.refused.length)
      announce({ sent: result.sent, refused: result.refused });
    return result;
  });
}
