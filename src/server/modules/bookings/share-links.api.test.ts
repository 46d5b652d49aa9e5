import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOT_SHAREABLE,
  SHARE_LINK_AFTER_JOB_MS,
  SHARE_LINK_GONE,
  SHARE_LINK_MAX_MS,
} from '../../../core/bookings/share-link-rules.ts';
import type { ShareLink } from '../../../core/bookings/share-links.ts';
import { approach } from '../../../core/bookings/tracking-rules.ts';
import { subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, {
    accounts: { driver: { name: 'Dana Private', phone: '(972) 555-0199' } },
  });
  // Premium: no monthly cap on the jobs this file books.
  await subscribe(t, cast.mechanic.cookie, 'premium');
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => t.api({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The job's place: the driver's truck, which a share link must not reveal. */
const TRUCK = { latitude: 32.6401, longitude: -96.9112 };

async function bookingIn(status: 'pending' | 'confirmed' | 'in_progress', truck = TRUCK) {
  const created = await call('POST', '/api/bookings', cast.driver.cookie, {
    providerId: cast.mechanic.providerId,
    serviceType: 'Brake Repair',
    description: 'Air brake leak, trailer side',
    location: 'I-20 exit 464, Duncanville TX',
    ...truck,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  for (const next of ['confirmed', 'in_progress'] as const) {
    if (status === 'pending' || (status === 'confirmed' && next === 'in_progress')) break;
    await move(id, next);
  }
  return id;
}

async function move(id: string, status: string) {
  const moved = await call('PATCH', `/api/bookings/${id}`, cast.mechanic.cookie, { status });
  expect(moved.statusCode, moved.body).toBe(200);
}

async function share(id: string, cookie = cast.driver.cookie) {
  const created = await call('POST', `/api/bookings/${id}/share-links`, cookie);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string; token: string; path: string; expiresAt: string }>();
}

const track = (token: string) => call('GET', `/api/track/${token}`);

describe('share links of a job', () => {
  it('shows anyone holding the link the job and the provider coming, and nothing about the driver', async () => {
    const id = await bookingIn('confirmed');
    const link = await share(id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/track/${link.token}`);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(SHARE_LINK_MAX_MS - 60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(SHARE_LINK_MAX_MS);

    const before = await track(link.token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({
      status: 'confirmed',
      businessName: expect.any(String),
      phone: expect.any(String),
      liveTracking: true,
      position: null,
      eta: null,
    });

    await move(id, 'in_progress');
    const here = { latitude: 32.7767, longitude: -96.797, accuracy: 8 };
    expect(
      (await call('PUT', `/api/bookings/${id}/position`, cast.mechanic.cookie, here)).statusCode,
    ).toBe(200);
    const during = await track(link.token);
    const job = during.json();
    expect(Object.keys(job).sort()).toEqual([
      'businessName',
      'eta',
      'liveTracking',
      'phone',
      'position',
      'status',
    ]);
    expect(Object.keys(job.position).sort()).toEqual(['latitude', 'longitude', 'recordedAt']);
    expect(job).toMatchObject({
      status: 'in_progress',
      position: { latitude: here.latitude, longitude: here.longitude },
      eta: { miles: expect.any(Number), etaMinutes: expect.any(Number) },
    });
    expect(job.eta.miles).toBe(12);
    expect(job.eta.etaMinutes).toBe(25);
    for (const secret of [
      cast.driver.account.name,
      cast.driver.account.phone,
      cast.driver.account.email,
      String(TRUCK.latitude),
      String(TRUCK.longitude),
      'Duncanville',
      'Air brake leak',
      id,
    ])
      expect(during.body).not.toContain(secret);
  });

  it("lets the job's driver and provider share it while it is confirmed or running, and no one else", async () => {
    const pending = await bookingIn('pending');
    const refused = await call('POST', `/api/bookings/${pending}/share-links`, cast.driver.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NOT_SHAREABLE);

    const id = await bookingIn('in_progress');
    const post = (cookie?: string) => call('POST', `/api/bookings/${id}/share-links`, cookie);
    expect((await post()).statusCode).toBe(401);
    expect((await post(cast.otherDriver.cookie)).statusCode).toBe(404);
    expect((await post(cast.otherMechanic.cookie)).statusCode).toBe(404);
    expect((await post(cast.admin.cookie)).statusCode).toBe(403);
    expect((await post(cast.mechanic.cookie)).statusCode).toBe(201);
    expect((await post(cast.driver.cookie)).statusCode).toBe(201);
    expect(
      (await call('POST', '/api/bookings/not-a-booking/share-links', cast.driver.cookie))
        .statusCode,
    ).toBe(400);
  });

  it('lists every link of the job to either side, with who made it, and either side revokes one or all', async () => {
    const id = await bookingIn('confirmed');
    const drivers = await share(id, cast.driver.cookie);
    const providers = await share(id, cast.mechanic.cookie);
    const list = async (cookie: string) => {
      const answer = await call('GET', `/api/bookings/${id}/share-links`, cookie);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<ShareLink[]>();
    };
    const seenByDriver = await list(cast.driver.cookie);
    expect(seenByDriver).toEqual([
      {
        id: providers.id,
        createdAt: expect.any(String),
        expiresAt: providers.expiresAt,
        revokedAt: null,
        madeBy: { side: 'provider', name: cast.mechanic.account.name },
        mine: false,
      },
      {
        id: drivers.id,
        createdAt: expect.any(String),
        expiresAt: drivers.expiresAt,
        revokedAt: null,
        madeBy: { side: 'driver', name: 'Dana Private' },
        mine: true,
      },
    ]);
    expect((await list(cast.mechanic.cookie)).map((l) => [l.id, l.mine])).toEqual([
      [providers.id, true],
      [drivers.id, false],
    ]);
    expect((await list(cast.admin.cookie)).map((l) => l.id)).toEqual([providers.id, drivers.id]);
    for (const stranger of [cast.otherDriver.cookie, cast.otherMechanic.cookie])
      expect((await call('GET', `/api/bookings/${id}/share-links`, stranger)).statusCode).toBe(404);
    // The token is shown once: listing never gives it again.
    expect(JSON.stringify(await list(cast.admin.cookie))).not.toContain(drivers.token);

    const revoke = (linkId: string, cookie: string) =>
      call('DELETE', `/api/bookings/${id}/share-links/${linkId}`, cookie);
    expect((await revoke(drivers.id, cast.otherDriver.cookie)).statusCode).toBe(404);
    expect((await revoke(drivers.id, cast.otherMechanic.cookie)).statusCode).toBe(404);
    expect((await track(drivers.token)).statusCode).toBe(200);
    // The provider stops the link the driver made.
    expect((await revoke(drivers.id, cast.mechanic.cookie)).statusCode).toBe(204);
    const gone = await track(drivers.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(SHARE_LINK_GONE);
    expect((await revoke(drivers.id, cast.driver.cookie)).statusCode).toBe(404);
    const afterOne = await list(cast.driver.cookie);
    expect(afterOne.find((l) => l.id === drivers.id)?.revokedAt).toEqual(expect.any(String));
    expect(afterOne.find((l) => l.id === providers.id)?.revokedAt).toBeNull();

    // The driver stops all the job's links at once: here the provider's and a new one of theirs.
    const another = await share(id, cast.driver.cookie);
    const revokeAll = (cookie?: string, bookingId = id) =>
      call('DELETE', `/api/bookings/${bookingId}/share-links`, cookie);
    expect((await revokeAll()).statusCode).toBe(401);
    expect((await revokeAll(cast.otherDriver.cookie)).statusCode).toBe(404);
    expect((await revokeAll(cast.otherMechanic.cookie)).statusCode).toBe(404);
    expect((await track(providers.token)).statusCode).toBe(200);
    const all = await revokeAll(cast.driver.cookie);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ revoked: 2 });
    for (const token of [providers.token, another.token])
      expect((await track(token)).statusCode).toBe(404);
    expect((await list(cast.mechanic.cookie)).every((l) => l.revokedAt !== null)).toBe(true);
    expect((await revokeAll(cast.mechanic.cookie)).json()).toEqual({ revoked: 0 });
  });

  it('refuses malformed ids on the list and revoke routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/bookings/not-a-booking/share-links'],
      ['DELETE', '/api/bookings/not-a-booking/share-links'],
      ['DELETE', `/api/bookings/${crypto.randomUUID()}/share-links/not-a-link`],
      ['DELETE', '/api/bookings/1/share-links/2'],
    ] as const) {
      const answer = await call(method, url, cast.driver.cookie);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().fields, url).toBeDefined();
    }
    const unknown = await call(
      'DELETE',
      `/api/bookings/${crypto.randomUUID()}/share-links`,
      cast.driver.cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lives at most 24 hours even while the job runs', async () => {
    const id = await bookingIn('in_progress');
    const link = await share(id);
    const expiresAt = Date.parse(link.expiresAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt - 1_000);
    expect((await track(link.token)).statusCode).toBe(200);
    vi.setSystemTime(expiresAt + 1);
    expect((await track(link.token)).statusCode).toBe(404);
    // Ending the job does not stretch a link that ends sooner than an hour later.
    vi.setSystemTime(expiresAt - 10 * 60_000);
    await move(id, 'completed');
    const [listed] = await call('GET', `/api/bookings/${id}/share-links`, cast.driver.cookie).then(
      (r) => r.json<ShareLink[]>(),
    );
    expect(listed!.expiresAt).toBe(link.expiresAt);
  });

  it('gives whole miles and 5-minute ETAs, so three polls as the provider moves cannot place the truck', async () => {
    // Two trucks a third of a mile apart, and three positions of the provider on the way.
    const near = { latitude: 32.6441, longitude: -96.9082 };
    expect(approach(TRUCK, near).miles).toBeGreaterThan(0.3);
    const polls = [
      { latitude: 32.75, longitude: -96.85 },
      { latitude: 32.7, longitude: -96.95 },
      { latitude: 32.6, longitude: -97.0 },
    ];
    const answers: unknown[][] = [];
    for (const truck of [TRUCK, near]) {
      const id = await bookingIn('in_progress', truck);
      const link = await share(id);
      const seen: unknown[] = [];
      for (const here of polls) {
        // The exact figures would tell the two trucks apart at every poll.
        expect(Math.abs(approach(here, TRUCK).miles - approach(here, near).miles)).toBeGreaterThan(
          0.1,
        );
        const put = await call('PUT', `/api/bookings/${id}/position`, cast.mechanic.cookie, here);
        expect(put.statusCode, put.body).toBe(200);
        const { eta } = (await track(link.token)).json<{
          eta: { miles: number; etaMinutes: number };
        }>();
        expect(Number.isInteger(eta.miles)).toBe(true);
        expect(eta.etaMinutes % 5).toBe(0);
        seen.push(eta);
      }
      answers.push(seen);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([
      { miles: 8, etaMinutes: 20 },
      { miles: 5, etaMinutes: 10 },
      { miles: 6, etaMinutes: 15 },
    ]);
  });

  it('keeps working for an hour after the job ends, then opens nothing', async () => {
    const id = await bookingIn('in_progress');
    const link = await share(id);
    await move(id, 'completed');
    const after = await track(link.token);
    expect(after.json()).toMatchObject({ status: 'completed', position: null, eta: null });
    const [listed] = await call('GET', `/api/bookings/${id}/share-links`, cast.driver.cookie).then(
      (r) => r.json<ShareLink[]>(),
    );
    const expiresAt = Date.parse(listed!.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(SHARE_LINK_AFTER_JOB_MS - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(SHARE_LINK_AFTER_JOB_MS);
    // A job that has ended cannot be shared again.
    expect(
      (await call('POST', `/api/bookings/${id}/share-links`, cast.driver.cookie)).statusCode,
    ).toBe(409);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt - 1_000);
    expect((await track(link.token)).statusCode).toBe(200);
    vi.setSystemTime(expiresAt + 1);
    const expired = await track(link.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe(SHARE_LINK_GONE);
  });

  it('ends the links of a cancelled job an hour later too', async () => {
    const id = await bookingIn('confirmed');
    const link = await share(id, cast.mechanic.cookie);
    await call('PATCH', `/api/bookings/${id}`, cast.driver.cookie, { status: 'cancelled' });
    expect((await track(link.token)).json()).toMatchObject({ status: 'cancelled' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SHARE_LINK_AFTER_JOB_MS + 1_000);
    expect((await track(link.token)).statusCode).toBe(404);
  });

  it('answers an invented, malformed or revoked token alike, in the same time', async () => {
    const id = await bookingIn('confirmed');
    const revoked = await share(id);
    await call('DELETE', `/api/bookings/${id}/share-links/${revoked.id}`, cast.driver.cookie);
    const invented = 'A'.repeat(43);
    for (const token of [invented, revoked.token, 'x', '%20', 'a'.repeat(90)]) {
      const answer = await track(token);
      expect(answer.statusCode, token).toBe(404);
      expect(answer.json(), token).toEqual({ error: SHARE_LINK_GONE });
    }

    // The same time, as the same work: each token costs the same database query. Counted, not
    // timed, so the machine's load cannot fail it. The spy reads PGlite's query(text, …) and
    // node-postgres's query(text | { text, values }, …).
    const client = (
      t.app.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
    ).$client;
    const queries = vi.spyOn(client, 'query');
    const queriesOf = async (token: string) => {
      queries.mockClear();
      await track(token);
      return queries.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
    };
    const live = await share(id);
    const reading = await queriesOf(live.token);
    expect(reading).toHaveLength(1);
    expect(await queriesOf(invented)).toEqual(reading);
    expect(await queriesOf(revoked.token)).toEqual(reading);
    queries.mockRestore();
  });

  it("says when the provider's plan has no live tracking, and shows no position", async () => {
    const created = await call('POST', '/api/bookings', cast.driver.cookie, {
      providerId: cast.otherMechanic.providerId,
      serviceType: 'Brake Repair',
      description: 'Air brake leak, trailer side',
      ...TRUCK,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    for (const status of ['confirmed', 'in_progress'])
      expect(
        (await call('PATCH', `/api/bookings/${id}`, cast.otherMechanic.cookie, { status }))
          .statusCode,
      ).toBe(200);
    const link = await share(id);
    expect((await track(link.token)).json()).toMatchObject({
      status: 'in_progress',
      liveTracking: false,
      position: null,
      eta: null,
    });
  });
});
