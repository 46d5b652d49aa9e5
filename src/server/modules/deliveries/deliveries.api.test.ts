import { and, eq, sql } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { deliveries, pushSubscriptions } from '../../db/schema/index.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { registerMockDevice, startMockPushService } from '../../test/mock-push-service.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { insertNotifications } from '../notifications/index.ts';
import {
  createDispatcher,
  MAX_ATTEMPTS,
  PUSH_PER_USER_PER_HOUR,
  queueDeliveries,
} from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mock: Awaited<ReturnType<typeof startMockPushService>>;
let driver: TestAccount;
let mechanic: TestMechanic;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  mock = await startMockPushService();
  ({ driver, mechanic, admin } = await createCast(t.app));
});
afterAll(async () => {
  await mock?.close();
  await t?.close();
});

const db = () => t.app.database.db;
const dispatcher = () => createDispatcher(t.app.database, t.app.senders, t.app.log);

const subscribe = (account: TestAccount) => registerMockDevice(t, mock, account.cookie);

const rowsOf = (userId: string) =>
  db().select().from(deliveries).where(eq(deliveries.userId, userId));
const rowById = async (id: string) =>
  (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

const message = (tag: string) => ({
  title: 'Booking confirmed',
  body: 'Open your bookings to see what changed.',
  url: '/bookings',
  tag,
});

/** Queues one push message for the user outside any request; answers the row's id. */
async function queueOne(userId: string, eventKey: string = crypto.randomUUID()) {
  await queueDeliveries(db(), [
    { userId, channel: 'push', eventKey, payload: message(`t-${eventKey}`) },
  ]);
  const [row] = await db()
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), eq(deliveries.eventKey, eventKey)));
  return row!.id;
}

const makeDue = (id: string) =>
  db()
    .update(deliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(deliveries.id, id));

/** A push service at a local address answering what `answer` says, for each message. */
async function startRefusingService(answer: () => { status: number; headers?: object }) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const { status, headers } = answer();
      response.writeHead(status, { ...headers }).end(status >= 400 ? 'refused' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/device`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A new user whose one device is at `endpoint`. */
async function userWithDeviceAt(endpoint: string) {
  const user = await signUp(t.app);
  const device = await subscribe(user);
  await db()
    .update(pushSubscriptions)
    .set({ endpoint })
    .where(eq(pushSubscriptions.endpoint, device.endpoint));
  return user;
}

const booking = () => ({
  providerId: mechanic.providerId,
  serviceType: 'Brake Repair',
  description: 'Air brake warning light, call me on 214-555-0199',
  vehicleDetails: '2019 Peterbilt 579',
  preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
  preferredTime: 'asap',
  location: 'I-35E & Commerce St, Dallas, TX',
  truckLocation: 'shoulder',
});
async function book() {
  const response = await t.api({
    method: 'POST',
    url: '/api/bookings',
    payload: booking(),
    headers: { cookie: driver.cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('queueing push deliveries', () => {
  it('queues a push for a recipient with a device and none for one without, and a second send of one event once', async () => {
    await book();
    expect(await rowsOf(mechanic.user.id)).toEqual([]);

    await subscribe(mechanic);
    const id = await book();
    const rows = (await rowsOf(mechanic.user.id)).filter(
      (row) => 'tag' in row.payload && row.payload.tag === `booking-${id}`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'push',
        status: 'queued',
        attempts: 0,
        payload: {
          title: 'Urgent booking request',
          body: 'Open your bookings to accept or decline.',
          url: `/bookings?booking=${id}`,
          tag: `booking-${id}`,
          urgent: true,
        },
      }),
    ]);
    // The same event again (same notification id) is not queued twice.
    await queueDeliveries(db(), [
      {
        userId: mechanic.user.id,
        channel: 'push',
        eventKey: rows[0]!.eventKey,
        payload: message('again'),
      },
    ]);
    expect(
      (await rowsOf(mechanic.user.id)).filter((row) => row.eventKey === rows[0]!.eventKey),
    ).toHaveLength(1);
  });

  it('queues nothing for a change that rolls back', async () => {
    const user = await signUp(t.app);
    await subscribe(user);
    await expect(
      db().transaction(async (tx) => {
        await insertNotifications(tx, [
          {
            userId: user.user.id,
            type: 'account_update',
            title: 'Payment received',
            message: 'x',
            metadata: { category: 'payments' },
          },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf(user.user.id)).toEqual([]);
  });
});

describe('the dispatcher', () => {
  it('sends a new booking request to the device at once, with no place, phone or free text', async () => {
    const running = dispatcher();
    await running.start();
    try {
      const device = await subscribe(mechanic);
      const id = await book();
      // Only the notify can send it: this dispatcher has no sweep. The wait is a guard against a
      // hang on a busy machine, not a speed bar (docs/decisions/041).
      await vi.waitFor(async () => expect(await mock.messages(device.clientHash)).toHaveLength(1), {
        timeout: 15_000,
        interval: 20,
      });
      const [text] = await mock.messages(device.clientHash);
      expect(JSON.parse(text!)).toEqual({
        title: 'Urgent booking request',
        body: 'Open your bookings to accept or decline.',
        url: `/bookings?booking=${id}`,
        tag: `booking-${id}`,
        urgent: true,
      });
      // The phone number written in the description, whole (a random id may hold "214").
      expect(text).not.toMatch(/I-35E|Commerce|214-?555|Peterbilt|Air brake|shoulder/i);
      expect(text).not.toContain(driver.account.name as string);
      await vi.waitFor(async () => {
        const [row] = (await rowsOf(mechanic.user.id)).filter(
          (r) => 'tag' in r.payload && r.payload.tag === `booking-${id}`,
        );
        expect(row).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(Date) });
      });
    } finally {
      await running.stop();
    }
  });

  it('retries after a 500 with backoff, honours Retry-After, and then sends', async () => {
    const answers = [
      { status: 500 },
      { status: 429, headers: { 'retry-after': '600' } },
      { status: 201 },
    ];
    const service = await startRefusingService(() => answers.shift()!);
    try {
      const user = await userWithDeviceAt(service.endpoint);
      const id = await queueOne(user.user.id);
      const sender = dispatcher();

      await sender.drain();
      let row = await rowById(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: '500: refused' });
      const firstWait = row.nextAttemptAt.getTime() - Date.now();
      expect(firstWait).toBeGreaterThan(20_000);
      expect(firstWait).toBeLessThanOrEqual(30_000);

      await sender.drain();
      expect((await rowById(id)).attempts).toBe(1); // not due yet: nothing was sent
      await makeDue(id);
      await sender.drain();
      row = await rowById(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: '429: refused' });
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(590_000);

      await makeDue(id);
      await sender.drain();
      expect(await rowById(id)).toMatchObject({
        status: 'sent',
        attempts: 3,
        lastError: null,
        sentAt: expect.any(Date),
      });
    } finally {
      await service.close();
    }
  });

  it(`fails after ${MAX_ATTEMPTS} attempts, doubling the wait each time`, async () => {
    const service = await startRefusingService(() => ({ status: 503 }));
    try {
      const user = await userWithDeviceAt(service.endpoint);
      const id = await queueOne(user.user.id);
      const sender = dispatcher();
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        await sender.drain();
        const row = await rowById(id);
        expect(row).toMatchObject({ status: 'queued', attempts: attempt });
        const wait = row.nextAttemptAt.getTime() - Date.now();
        expect(wait).toBeGreaterThan(30_000 * 2 ** (attempt - 1) - 10_000);
        expect(wait).toBeLessThanOrEqual(30_000 * 2 ** (attempt - 1));
        await makeDue(id);
      }
      await sender.drain();
      expect(await rowById(id)).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        lastError: '503: refused',
        sentAt: null,
      });
    } finally {
      await service.close();
    }
  });

  it('fails at once on a refusal that will not change (400)', async () => {
    const service = await startRefusingService(() => ({ status: 400 }));
    try {
      const user = await userWithDeviceAt(service.endpoint);
      const id = await queueOne(user.user.id);
      await dispatcher().drain();
      expect(await rowById(id)).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await service.close();
    }
  });

  it('drops the delivery when every device is gone (410), and the devices are removed', async () => {
    const user = await signUp(t.app);
    const device = await subscribe(user);
    await mock.expire(device.clientHash);
    const id = await queueOne(user.user.id);
    await dispatcher().drain();
    expect(await rowById(id)).toMatchObject({
      status: 'dropped',
      lastError: 'every device is gone',
    });
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id)),
    ).toEqual([]);
  });

  it(`drops a push beyond ${PUSH_PER_USER_PER_HOUR} an hour for one user`, async () => {
    const user = await signUp(t.app);
    const device = await subscribe(user);
    await db()
      .insert(deliveries)
      .values(
        Array.from({ length: PUSH_PER_USER_PER_HOUR }, (_, i) => ({
          userId: user.user.id,
          channel: 'push' as const,
          eventKey: `earlier-${i}`,
          payload: message(`earlier-${i}`),
          status: 'sent' as const,
          attempts: 1,
          sentAt: new Date(Date.now() - 30 * 60_000),
        })),
      );
    const id = await queueOne(user.user.id);
    await dispatcher().drain();
    expect(await rowById(id)).toMatchObject({
      status: 'dropped',
      lastError: `per-user limit: ${PUSH_PER_USER_PER_HOUR} push messages an hour`,
    });
    expect(await mock.messages(device.clientHash)).toEqual([]);
  });

  it('keeps the hourly limit inside one batch: one user’s rows go one after the other', async () => {
    const user = await signUp(t.app);
    await subscribe(user);
    await db()
      .insert(deliveries)
      .values(
        Array.from({ length: PUSH_PER_USER_PER_HOUR - 5 }, (_, i) => ({
          userId: user.user.id,
          channel: 'push' as const,
          eventKey: `before-${i}`,
          payload: message(`before-${i}`),
          status: 'sent' as const,
          attempts: 1,
          sentAt: new Date(Date.now() - 10 * 60_000),
        })),
      );
    for (let i = 0; i < 10; i++) await queueOne(user.user.id, `burst-${i}`);
    await dispatcher().drain();
    const burst = (await rowsOf(user.user.id)).filter((row) => row.eventKey.startsWith('burst-'));
    expect(burst.filter((row) => row.status === 'sent')).toHaveLength(5);
    expect(burst.filter((row) => row.status === 'dropped')).toHaveLength(5);
  });

  it('sends each delivery once when two dispatchers drain one database together', async () => {
    const user = await signUp(t.app);
    const device = await subscribe(user);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await queueOne(user.user.id, `pair-${i}`));
    const [a, b] = [dispatcher(), dispatcher()];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const rows = await rowsOf(user.user.id);
    expect(rows.map((row) => row.status)).toEqual(Array(25).fill('sent'));
    expect(rows.map((row) => row.attempts)).toEqual(Array(25).fill(1));
    const tags = (await mock.messages(device.clientHash)).map((m) => JSON.parse(m).tag);
    expect(tags.sort()).toEqual(ids.map((_, i) => `t-pair-${i}`).sort());
  });
});

describe('GET /api/admin/deliveries', () => {
  const list = (cookie: string | undefined, query = '') =>
    t.api({
      method: 'GET',
      url: `/api/admin/deliveries${query}`,
      headers: cookie ? { cookie } : {},
    });

  it('answers admins only', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(driver.cookie)).statusCode).toBe(403);
    expect((await list(mechanic.cookie)).statusCode).toBe(403);
    expect((await list(admin.cookie)).statusCode).toBe(200);
  });

  it('filters by channel and status, newest first, paged, without the message', async () => {
    const user = await signUp(t.app);
    await subscribe(user);
    const queued = await queueOne(user.user.id);
    const response = await list(admin.cookie, '?channel=push&status=queued&pageSize=100');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ deliveries: Record<string, unknown>[]; total: number }>();
    expect(body.deliveries.every((d) => d.status === 'queued' && d.channel === 'push')).toBe(true);
    expect(body.deliveries[0]).toEqual({
      id: queued,
      userId: user.user.id,
      email: user.account.email,
      channel: 'push',
      status: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: expect.any(String),
      sentAt: null,
    });
    const times = body.deliveries.map((d) => d.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);

    const sent = (await list(admin.cookie, '?status=sent&pageSize=1')).json<typeof body>();
    expect(sent.deliveries).toHaveLength(1);
    expect(sent.deliveries[0]!.status).toBe('sent');
    expect(sent.total).toBeGreaterThan(1);
    expect((await list(admin.cookie, '?channel=sms')).json()).toEqual({ deliveries: [], total: 0 });
  });

  it.each([
    ['an unknown channel', '?channel=fax'],
    ['an unknown status', '?status=lost'],
    ['a page below 1', '?page=0'],
    ['more than 100 rows a page', '?pageSize=101'],
    ['a page that is not a number', '?page=two'],
  ])('refuses %s', async (_what, query) => {
    expect((await list(admin.cookie, query)).statusCode).toBe(400);
  });
});

describe('the app with RUN_JOBS on', () => {
  it('starts its own dispatcher: a committed notification reaches the device', async () => {
    const other = await createTestApp({ runJobs: true });
    try {
      await other.app.ready();
      const user = await signUp(other.app);
      const device = await registerMockDevice(other, mock, user.cookie);
      await other.app.database.db.transaction((tx) =>
        insertNotifications(tx, [
          {
            userId: user.user.id,
            type: 'account_update',
            title: 'Payment received',
            message: 'x',
            metadata: { category: 'payments' },
          },
        ]),
      );
      await vi.waitFor(
        async () =>
          expect((await mock.messages(device.clientHash)).map((m) => JSON.parse(m))).toEqual([
            expect.objectContaining({
              title: 'Payment received',
              body: 'Open Truck Finder for the details.',
              url: '/profile',
            }),
          ]),
        // Within half the scheduler's 30 s sweep, so the notify sent it; not a speed bar.
        { timeout: 15_000, interval: 20 },
      );
    } finally {
      await other.close();
    }
  });
});
