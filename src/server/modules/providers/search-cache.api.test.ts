import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type TestAccount } from '../../test/cast.ts';
import { insertProviders } from '../../test/providers.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Search answers are cached briefly and dropped the moment a provider inside their circle
 * changes, through the database's own announcement of the change (so also for changes made
 * outside the app's services). A cached answer is served only once every change committed
 * before the request has been heard, so a search right after a change never shows the old one.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestAccount;
let providerId: string;

const DALLAS = { latitude: 32.7767, longitude: -96.797 };
const dallasSearch = `/api/providers?latitude=${DALLAS.latitude}&longitude=${DALLAS.longitude}&radius=10`;
const dallasSummary = `/api/providers/summary?latitude=${DALLAS.latitude}&longitude=${DALLAS.longitude}&radius=10`;

beforeAll(async () => {
  t = await createTestApp({ searchCacheSeconds: 60 });
  // The second mechanic's business is in Seattle, out of every search here.
  const { mechanic } = await createCast(t.app, {
    provider: DALLAS,
    otherProvider: { latitude: 47.6062, longitude: -122.3321 },
  });
  owner = mechanic;
  providerId = mechanic.providerId;
  await insertProviders(
    t.app.database.db,
    Array.from({ length: 8 }, (_, i) => ({ latitude: 32.78 + i / 1000, longitude: -96.8 })),
  );
  // On PostgreSQL the inserts are announced a moment later; an answer computed meanwhile is not kept.
  await t.app.events.caughtUp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.api({ method: 'GET', url, headers });

const setStatus = async (status: string) => {
  const response = await t.api({
    method: 'PUT',
    url: `/api/providers/${providerId}/status`,
    headers: { cookie: owner.cookie },
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
};

const statusIn = (body: { id: string; status: string }[]) =>
  body.find((p) => p.id === providerId)?.status;

describe('cached search answers', () => {
  it('answers a repeated search, and one a few metres away, from the cache', async () => {
    const first = await get(dallasSearch);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await get(dallasSearch);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // 32.77671 rounds to the same 4 decimals (about 11 m).
    const near = await get(dallasSearch.replace('32.7767', '32.77671'));
    expect(near.headers['x-cache']).toBe('hit');
    expect((await get(dallasSearch.replace('radius=10', 'radius=11'))).headers['x-cache']).toBe(
      'miss',
    );
    expect((await get(dallasSummary)).headers['x-cache']).toBe('miss');
    expect((await get(dallasSummary)).headers['x-cache']).toBe('hit');
  });

  it('never shows a status late: a change drops the answers around the provider', async () => {
    await get(dallasSearch);
    await get(dallasSummary);
    const before = await get(dallasSummary);
    expect(before.headers['x-cache']).toBe('hit');

    await setStatus('busy');
    const list = await get(dallasSearch);
    expect(list.headers['x-cache']).toBe('miss');
    expect(statusIn(list.json())).toBe('busy');
    const summary = await get(dallasSummary);
    expect(summary.headers['x-cache']).toBe('miss');
    expect(summary.json().available).toBe(before.json().available - 1);

    await setStatus('available');
    expect(statusIn((await get(dallasSearch)).json())).toBe('available');
  });

  it('drops the answer for a change made outside the services, by the database itself', async () => {
    await get(dallasSearch);
    expect((await get(dallasSearch)).headers['x-cache']).toBe('hit');
    await t.app.database.db.execute(
      sql`update service_providers set rating = 4.9 where id = ${providerId}`,
    );
    const fresh = await get(dallasSearch);
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.json().find((p: { id: string }) => p.id === providerId).rating).toBe(4.9);
  });

  it('keeps answers far from the change, and drops every answer without a position', async () => {
    const noPosition = '/api/providers?serviceType=mobile_mechanic';
    await get(dallasSearch);
    await get(noPosition);
    await insertProviders(t.app.database.db, [
      { latitude: 29.7604, longitude: -95.3698, city: 'Houston' },
    ]);
    expect((await get(noPosition)).headers['x-cache']).toBe('miss');
    expect((await get(dallasSearch)).headers['x-cache']).toBe('hit');
  });

  it('keeps the compressed bodies with the answer', async () => {
    const url = `${dallasSearch}&limit=200&fields=full`;
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const again = await get(url, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('keeps the next-page link with the answer', async () => {
    const url = `${dallasSearch}&limit=1`;
    const first = await get(url);
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(first.headers.link).toMatch(/rel="next"/);
    expect(second.headers.link).toBe(first.headers.link);
  });
});

describe('with the cache off', () => {
  it('computes every answer', async () => {
    const off = await createTestApp({ searchCacheSeconds: 0 });
    try {
      await off.api({ method: 'GET', url: dallasSearch });
      const again = await off.api({ method: 'GET', url: dallasSearch });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-cache']).toBe('miss');
    } finally {
      await off.close();
    }
  });
});
