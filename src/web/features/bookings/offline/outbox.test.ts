import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateBookingInput } from '#core/bookings/schemas.ts';
import {
  dropQueuedBooking,
  forgetQueuedBookings,
  listenToOutbox,
  queueBooking,
  queuedBookings,
  sendQueuedBookings,
  TOO_OLD,
  type OutboxNews,
  type QueuedBooking,
} from './outbox.ts';

const DRIVER = 'driver-1';
const input: CreateBookingInput = {
  providerId: '11111111-1111-4111-8111-111111111111',
  serviceType: 'Brake Repair',
  vehicleDetails: '2019 Peterbilt 579',
};

/** The session the sender finds: the driver who queued the requests. */
const asDriver = async () => DRIVER;

let made = 0;
const entry = (over: Partial<QueuedBooking> = {}): QueuedBooking => ({
  key: `key-${++made}-${Math.random().toString(36).slice(2)}`,
  userId: DRIVER,
  input,
  businessName: `Shop ${made}`,
  queuedAt: new Date(Date.now() - 60 * 60_000 + made * 1000).toISOString(),
  ...over,
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The requests the server received: their Idempotency-Keys in order. */
let sentKeys: string[];
const serve = (reply: (key: string) => Response | Promise<Response>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      const key = (init.headers as Record<string, string>)['idempotency-key']!;
      sentKeys.push(key);
      return reply(key);
    }),
  );

beforeEach(async () => {
  sentKeys = [];
  for (const user of [DRIVER, 'driver-2'])
    for (const queued of await queuedBookings(user)) await dropQueuedBooking(queued.key);
});
afterEach(() => vi.unstubAllGlobals());

describe('the booking outbox', () => {
  it("keeps a driver's requests on the device, oldest first, and never another account's", async () => {
    const first = entry();
    const second = entry();
    await queueBooking(second);
    await queueBooking(first);
    await queueBooking(entry({ userId: 'driver-2' }));
    expect((await queuedBookings(DRIVER)).map((q) => q.key)).toEqual([first.key, second.key]);
  });

  it('sends each with its own Idempotency-Key, in order, and empties the queue', async () => {
    const [a, b] = [entry(), entry()];
    await queueBooking(a);
    await queueBooking(b);
    await queueBooking(entry({ userId: 'driver-2' }));
    serve(() => answer(201, { id: 'booking' }));

    const result = await sendQueuedBookings(asDriver);
    expect(sentKeys).toEqual([a.key, b.key]);
    expect(result).toEqual({
      sent: [{ businessName: a.businessName }, { businessName: b.businessName }],
      refused: [],
      waiting: 0,
    });
    expect(await queuedBookings(DRIVER)).toEqual([]);
    expect(await queuedBookings('driver-2')).toHaveLength(1);
  });

  it('posts the input as JSON to the bookings route with its Idempotency-Key', async () => {
    const queued = entry();
    await queueBooking(queued);
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => answer(201, {}));
    vi.stubGlobal('fetch', fetchMock);

    await sendQueuedBookings(asDriver);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/bookings');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(input);
    expect(init.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': queued.key,
    });
  });

  it('stops at the first request that cannot leave and keeps it and the rest for later', async () => {
    const [a, b, c] = [entry(), entry(), entry()];
    for (const queued of [a, b, c]) await queueBooking(queued);
    serve((key) => {
      if (key === b.key) throw new TypeError('Failed to fetch');
      return answer(201, { id: 'booking' });
    });

    const result = await sendQueuedBookings(asDriver);
    expect(sentKeys).toEqual([a.key, b.key]);
    expect(result.waiting).toBe(2);
    expect((await queuedBookings(DRIVER)).map((q) => q.key)).toEqual([b.key, c.key]);
  });

  it.each([401, 429, 503])(
    'keeps a request the server answered %i for a later try',
    async (status) => {
      const queued = entry();
      await queueBooking(queued);
      serve(() => answer(status, { error: 'Try later' }));
      expect(await sendQueuedBookings(asDriver)).toMatchObject({ waiting: 1, refused: [] });
      expect(await queuedBookings(DRIVER)).toEqual([queued]);
    },
  );

  it("keeps a refused request with the server's reason, sends the next, and never resends it", async () => {
    const [refused, next] = [entry(), entry()];
    await queueBooking(refused);
    await queueBooking(next);
    const reason = 'Lone Star Mobile Truck Repair is offline and not taking bookings right now';
    serve((key) => (key === refused.key ? answer(409, { error: reason }) : answer(201, {})));
    const news: OutboxNews[] = [];
    const stop = listenToOutbox((message) => news.push(message));

    const result = await sendQueuedBookings(asDriver);
    expect(result.refused).toEqual([{ businessName: refused.businessName, refusal: reason }]);
    expect(await queuedBookings(DRIVER)).toEqual([{ ...refused, refusal: reason }]);
    await vi.waitFor(
      () =>
        expect(news).toContainEqual({
          sent: [{ businessName: next.businessName }],
          refused: [{ businessName: refused.businessName, refusal: reason }],
        }),
      { timeout: 15_000 },
    );
    stop();

    sentKeys = [];
    await sendQueuedBookings(asDriver);
    expect(sentKeys).toEqual([]);
  });

  it('cancels a request before it leaves', async () => {
    const queued = entry();
    await queueBooking(queued);
    await dropQueuedBooking(queued.key);
    serve(() => answer(201, {}));
    await sendQueuedBookings(asDriver);
    expect(sentKeys).toEqual([]);
  });

  it('sends only the requests of whoever is signed in now, and nothing without a session', async () => {
    const mine = entry();
    const theirs = entry({ userId: 'driver-2' });
    await queueBooking(mine);
    await queueBooking(theirs);
    serve(() => answer(201, {}));

    expect(await sendQueuedBookings(async () => null)).toMatchObject({ waiting: 1, sent: [] });
    expect(sentKeys).toEqual([]);
    await sendQueuedBookings(async () => 'driver-2');
    expect(sentKeys).toEqual([theirs.key]);
    expect(await queuedBookings(DRIVER)).toEqual([mine]);
  });

  it('does not send a request cancelled while an earlier one is on its way', async () => {
    const [first, second] = [entry(), entry()];
    await queueBooking(first);
    await queueBooking(second);
    serve(async (key) => {
      if (key === first.key) await dropQueuedBooking(second.key);
      return answer(201, {});
    });
    await sendQueuedBookings(asDriver);
    expect(sentKeys).toEqual([first.key]);
    expect(await queuedBookings(DRIVER)).toEqual([]);
  });

  it('keeps a request that waited more than 12 hours as not sent, without sending it', async () => {
    const old = entry({ queuedAt: new Date(Date.now() - 13 * 60 * 60_000).toISOString() });
    await queueBooking(old);
    serve(() => answer(201, {}));
    const result = await sendQueuedBookings(asDriver);
    expect(sentKeys).toEqual([]);
    expect(result.refused).toEqual([{ businessName: old.businessName, refusal: TOO_OLD }]);
    expect(await queuedBookings(DRIVER)).toEqual([{ ...old, refusal: TOO_OLD }]);
  });
});

describe('forgetting the queue of an account signed out', () => {
  it("forgets every account's requests but the one signed in now, or all when nobody is", async () => {
    const mine = entry();
    await queueBooking(mine);
    await queueBooking(entry({ userId: 'driver-2' }));
    await forgetQueuedBookings(DRIVER);
    expect((await queuedBookings(DRIVER)).map((q) => q.key)).toEqual([mine.key]);
    expect(await queuedBookings('driver-2')).toEqual([]);
    await forgetQueuedBookings(null);
    expect(await queuedBookings(DRIVER)).toEqual([]);
  });
});
