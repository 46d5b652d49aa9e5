import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOT_SHAREABLE,
  SHARE_LINK_AFTER_JOB_MS,
  SHARE_LINK_GONE,
} from '../../../core/bookings/share-links.ts';
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

async function bookingIn(status: 'pending' | 'confirmed' | 'in_progress') {
  const created = await call('POST', '/api/bookings', cast.driver.cookie, {
    providerId: cast.mechanic.providerId,
    serviceType: 'Brake Repair',
    description: 'Air brake leak, trailer side',
    location: 'I-20 exit 464, Duncanville TX',
    ...TRUCK,
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
  return created.json<{ id: string; token: string; path: string; expiresAt: string | null }>();
}

const track = (token: string) => call('GET', `/api/track/${token}`);

describe('share links of a job', () => {
  it('shows anyone holding the link the job and the provider coming, and nothing about the driver', async () => {
    const id = await bookingIn('confirmed');
    const link = await share(id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/track/${link.token}`);
    expect(link.expiresAt).toBeNull();

    const before = await track(link.token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({
      status: 'confirmed',
      businessName: expect.any(String),
      phone: expect.any(String),
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
    expect(Object.keys(job).sort()).toEqual(['businessName', 'eta', 'phone', 'position', 'status']);
    expect(Object.keys(job.position).sort()).toEqual(['latitude', 'longitude', 'recordedAt']);
    expect(job).toMatchObject({
      status: 'in_progress',
      position: { latitude: here.latitude, longitude: here.longitude },
      eta: { miles: expect.any(Number), etaMinutes: expect.any(Number) },
    });
    expect(job.eta.miles).toBeGreaterThan(5);
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

  it('lists and revokes only your own links (an admin, anyone’s), and a revoked link opens nothing', async () => {
    const id = await bookingIn('confirmed');
    const mine = await share(id, cast.driver.cookie);
    const theirs = await share(id, cast.mechanic.cookie);
    const list = (cookie: string) =>
      call('GET', `/api/bookings/${id}/share-links`, cookie).then((r) =>
        r.json<{ id: string }[]>(),
      );
    expect((await list(cast.driver.cookie)).map((l) => l.id)).toEqual([mine.id]);
    expect((await list(cast.mechanic.cookie)).map((l) => l.id)).toEqual([theirs.id]);
    expect((await list(cast.admin.cookie)).map((l) => l.id).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
    expect(
      (await call('GET', `/api/bookings/${id}/share-links`, cast.otherDriver.cookie)).statusCode,
    ).toBe(404);
    // The token is shown once: listing never gives it again.
    expect(JSON.stringify(await list(cast.admin.cookie))).not.toContain(mine.token);

    const revoke = (linkId: string, cookie: string) =>
      call('DELETE', `/api/bookings/${id}/share-links/${linkId}`, cookie);
    expect((await revoke(mine.id, cast.mechanic.cookie)).statusCode).toBe(404);
    expect((await revoke(mine.id, cast.otherDriver.cookie)).statusCode).toBe(404);
    expect((await track(mine.token)).statusCode).toBe(200);
    expect((await revoke(mine.id, cast.driver.cookie)).statusCode).toBe(204);
    const gone = await track(mine.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(SHARE_LINK_GONE);
    expect((await revoke(mine.id, cast.driver.cookie)).statusCode).toBe(404);
    expect(await list(cast.driver.cookie)).toEqual([]);

    expect((await revoke(theirs.id, cast.admin.cookie)).statusCode).toBe(204);
    expect((await track(theirs.token)).statusCode).toBe(404);
  });

  it('keeps working for an hour after the job ends, then opens nothing', async () => {
    const id = await bookingIn('in_progress');
    const link = await share(id);
    await move(id, 'completed');
    const after = await track(link.token);
    expect(after.json()).toMatchObject({ status: 'completed', position: null, eta: null });
    const [listed] = await call('GET', `/api/bookings/${id}/share-links`, cast.driver.cookie).then(
      (r) => r.json<{ expiresAt: string }[]>(),
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
});
