import 'fake-indexeddb/auto';
import { QueryObserver } from '@tanstack/react-query';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#core/users/schemas.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { queueBooking, queuedBookings } from '#web/features/bookings/offline/outbox.ts';
import { ApiError, SIGN_OUT_FLAG } from '#web/api/transport.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { forgetWhenSignedOut } from './forget-signed-out.ts';
// Loaded up front, as a page has long done by sign-out: the forgetting imports it on demand, and
// a cold import on a busy machine could outlast the waits below.
import '#web/lib/offline-cache.ts';

const driver = { id: 'driver-1', name: 'Dana' } as PublicUser;
/** Within the test's own time: what is awaited is in-memory work, done in milliseconds when idle. */
const PATIENCE = { timeout: 15_000 };

/** What lib/offline-cache.ts keeps: put there directly, as if saved a moment ago. */
const keptAnswers = async () => (await openDB('truck-finder-cache', 1)).get('queries', 'last');
const keepAnswers = async () => {
  const db = await openDB('truck-finder-cache', 1, {
    upgrade: (d) => void d.createObjectStore('queries'),
  });
  await db.put('queries', { savedAt: Date.now(), state: { queries: [], mutations: [] } }, 'last');
};

const queue = (userId: string) =>
  queueBooking({
    key: `key-${Math.random().toString(36).slice(2)}`,
    userId,
    input: { providerId: '11111111-1111-4111-8111-111111111111', serviceType: 'Brake Repair' },
    businessName: 'Shop',
    queuedAt: new Date().toISOString(),
  });

let stops: (() => void)[];
beforeEach(() => {
  stops = [];
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  stops.forEach((stop) => stop());
  vi.unstubAllGlobals();
});

/** A page's query client, watched, with the driver signed in and their data read. */
async function signedInPage(session: () => Promise<PublicUser | null>) {
  const queryClient = createQueryClient();
  stops.push(forgetWhenSignedOut(queryClient));
  const me = new QueryObserver(queryClient, { queryKey: meQueryKey, queryFn: session });
  stops.push(me.subscribe(() => undefined));
  await vi.waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toEqual(driver), PATIENCE);
  queryClient.setQueryData(['bookings', 'mine'], [{ id: 'b1', description: 'Air brakes' }]);
  await queue(driver.id);
  await keepAnswers();
  return queryClient;
}

describe('a sign-out that comes from the server', () => {
  it('forgets the account on the device and in memory after a 401', async () => {
    let session: PublicUser | null = driver;
    const queryClient = await signedInPage(async () => session);
    // The session ended on the server (expiry, Sign Out Everywhere, suspension).
    session = null;
    await queryClient
      .fetchQuery({
        queryKey: ['notifications'],
        queryFn: () => Promise.reject(new ApiError(401, 'Please sign in to continue')),
      })
      .catch(() => undefined);
    await vi.waitFor(async () => {
      expect(queryClient.getQueryData(meQueryKey)).toBeNull();
      expect(queryClient.getQueryData(['bookings', 'mine'])).toBeUndefined();
      expect(await queuedBookings(driver.id)).toEqual([]);
      expect(await keptAnswers()).toBeUndefined();
    }, PATIENCE);
  });

  it('forgets it when the event stream says signed out (the session is then found gone)', async () => {
    let session: PublicUser | null = driver;
    const queryClient = await signedInPage(async () => session);
    session = null;
    // What use-live-updates.ts does on `signed-out`.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await vi.waitFor(async () => {
      expect(queryClient.getQueryData(['bookings', 'mine'])).toBeUndefined();
      expect(await queuedBookings(driver.id)).toEqual([]);
    }, PATIENCE);
  });

  it('forgets it in a tab when another tab signs out', async () => {
    const queryClient = await signedInPage(async () => driver);
    window.dispatchEvent(
      Object.assign(new Event('storage'), { key: SIGN_OUT_FLAG, newValue: '1' }),
    );
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['bookings', 'mine'])).toBeUndefined();
  });

  it('forgets what an account left when the page starts signed out', async () => {
    await queue('driver-9');
    await keepAnswers();
    const queryClient = createQueryClient();
    stops.push(forgetWhenSignedOut(queryClient));
    await queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: async () => null });
    await vi.waitFor(async () => {
      expect(await queuedBookings('driver-9')).toEqual([]);
      expect(await keptAnswers()).toBeUndefined();
    }, PATIENCE);
  });

  it('keeps what the account signed in left, and a 401 with the session alive changes nothing', async () => {
    const queryClient = await signedInPage(async () => driver);
    await queryClient
      .fetchQuery({
        queryKey: ['admin'],
        queryFn: () => Promise.reject(new ApiError(401, 'Wrong code')),
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(['bookings', 'mine'])).toBeDefined();
    expect(await queuedBookings(driver.id)).toHaveLength(1);
    expect(await keptAnswers()).toBeDefined();
  });
});
