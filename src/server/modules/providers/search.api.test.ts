import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../core/geo.ts';
import {
  compareResults,
  roundCoordinate,
  type ProviderResult,
} from '../../../core/providers/search.ts';
import { insertProviders, type TestProvider } from '../../test/providers.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { allPages, queryString } from '../../test/search-pages.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const DALLAS = { latitude: 32.7767, longitude: -96.797 };
const named = new Map<string, string>();
let field: (TestProvider & { id: string })[] = [];

/** A deterministic field of providers across a 4° × 4° square around Dallas, with varied attributes. */
function makeField(count: number): TestProvider[] {
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const statuses = ['available', 'busy', 'enroute', 'offline'] as const;
  const types = ['mobile_mechanic', 'tire_shop', 'towing'] as const;
  return Array.from({ length: count }, (_, i) => ({
    latitude: Math.round((30.8 + next() * 4) * 1e5) / 1e5,
    longitude: Math.round((-98.8 + next() * 4) * 1e5) / 1e5,
    status: statuses[i % 4],
    serviceType: types[i % 3],
    rating: Math.round(next() * 8) / 2 + 1 > 5 ? 5 : Math.round(next() * 8) / 2 + 1,
    visitFee: 40 + (i % 17) * 10,
    is24Hour: i % 5 === 0,
    acceptsAAA: i % 3 === 0,
    city: i % 2 === 0 ? 'Dallas' : 'Waco',
    specialties: i % 7 === 0 ? ['Air Brake Systems'] : ['Tire Repair'],
    description: i % 11 === 0 ? 'Reefer units and liftgates' : 'Roadside service',
  }));
}

beforeAll(async () => {
  t = await createTestApp();
  const providers = makeField(600);
  const ids = await insertProviders(t.app.database.db, providers);
  field = providers.map((p, i) => ({ ...p, id: ids[i]! }));
  const special: TestProvider[] = [
    { ...DALLAS, businessName: '100% Diesel_Pros', visitFee: 95 },
    { ...DALLAS, businessName: 'Pending Application', verification: 'pending' },
    { ...DALLAS, businessName: 'Rejected Application', verification: 'rejected' },
  ];
  const specialIds = await insertProviders(t.app.database.db, special);
  special.forEach((p, i) => named.set(p.businessName!, specialIds[i]!));
});
afterAll(() => t.close());

/** One page of whole providers. */
const search = async (query: Record<string, string | number | boolean>) => {
  const qs = queryString({ fields: 'full', ...query });
  const response = await t.api({ method: 'GET', url: `/api/providers?${qs}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProviderResult[];
};

/** Every provider a search finds, whole, page after page of 200. */
const searchAll = async (query: Record<string, string | number | boolean>) =>
  (
    await allPages<ProviderResult>(
      t.api,
      `/api/providers?${queryString({ ...query, fields: 'full', limit: 200 })}`,
    )
  ).items;

const sortedByContract = (list: ProviderResult[]) =>
  list.every((p, i) => i === 0 || compareResults(list[i - 1]!, p) <= 0);

describe('radius search', () => {
  it('matches a brute-force haversine for random centres and radii (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 31, max: 34.6, noNaN: true }),
        fc.double({ min: -98.6, max: -95, noNaN: true }),
        fc.double({ min: 1, max: 120, noNaN: true }),
        async (latitude, longitude, radius) => {
          const results = await searchAll({ latitude, longitude, radius });
          // The server rounds the centre to 4 decimals; a place within a millionth of a mile of
          // the edge may fall either side of it in the database's arithmetic.
          const centre = {
            latitude: roundCoordinate(latitude),
            longitude: roundCoordinate(longitude),
          };
          const onEdge = (p: TestProvider) => Math.abs(haversineMiles(centre, p) - radius) < 1e-6;
          const expected = field.filter((p) => !onEdge(p) && haversineMiles(centre, p) <= radius);
          expect(
            new Set(
              results
                .filter((r) => !r.businessName.includes('%'))
                .filter((r) => !onEdge(field.find((p) => p.id === r.id)!))
                .map((r) => r.id),
            ),
          ).toEqual(new Set(expected.map((p) => p.id)));
          for (const r of results) {
            expect(
              Math.abs(
                r.distance! -
                  haversineMiles(
                    { latitude, longitude },
                    { latitude: r.latitude!, longitude: r.longitude! },
                  ),
              ),
            ).toBeLessThan(0.05);
            expect(r.distance!).toBeLessThanOrEqual(radius);
          }
          expect(sortedByContract(results)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers available providers first, then by rating, then by distance, each with its distance', async () => {
    const results = await search({ ...DALLAS, radius: 60 });
    expect(results.length).toBeGreaterThan(20);
    expect(results.every((r) => typeof r.distance === 'number')).toBe(true);
    const firstOther = results.findIndex((r) => r.status !== 'available');
    expect(results.slice(firstOther).every((r) => r.status !== 'available')).toBe(true);
    expect(sortedByContract(results)).toBe(true);
  });

  it('defaults the radius to 50 miles when coordinates come without one', async () => {
    const results = await searchAll(DALLAS);
    expect(Math.max(...results.map((r) => r.distance!))).toBeLessThanOrEqual(50);
    expect(results.length).toBe(field.filter((p) => haversineMiles(DALLAS, p) <= 50).length + 1);
  });
});

describe('filters', () => {
  const all = () => searchAll({});

  it('lists only approved providers, with no distance without coordinates', async () => {
    const results = await all();
    expect(results).toHaveLength(601);
    expect(results.every((r) => r.verification === 'approved' && r.distance === null)).toBe(true);
    expect(results.map((r) => r.businessName)).not.toContain('Pending Application');
    expect(sortedByContract(results)).toBe(true);
  });

  it('honours limit (default 50, at most 200)', async () => {
    expect(await search({})).toHaveLength(50);
    expect(await search({ limit: 7 })).toHaveLength(7);
    expect(await search({ limit: 200 })).toHaveLength(200);
  });

  it.each([
    ['serviceType', { serviceType: 'towing' }, (r: ProviderResult) => r.serviceType === 'towing'],
    ['status', { status: 'busy' }, (r: ProviderResult) => r.status === 'busy'],
    ['status en_route', { status: 'en_route' }, (r: ProviderResult) => r.status === 'enroute'],
    ['minRating', { minRating: 4.5 }, (r: ProviderResult) => r.rating >= 4.5],
    ['minFee', { minFee: 100 }, (r: ProviderResult) => r.visitFee >= 100],
    ['maxFee', { maxFee: 80 }, (r: ProviderResult) => r.visitFee <= 80],
    ['is24Hour', { is24Hour: true }, (r: ProviderResult) => r.is24Hour],
    ['acceptsAAA', { acceptsAAA: true }, (r: ProviderResult) => r.acceptsAAA],
  ])('filters by %s', async (_name, query, keep) => {
    const everything = await all();
    const results = await searchAll(query);
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r.id).sort()).toEqual(
      everything
        .filter(keep)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('combines filters with each other and with the radius', async () => {
    const query = {
      serviceType: 'tire_shop',
      status: 'available',
      minRating: 3,
      maxFee: 150,
      acceptsAAA: true,
    };
    const combined = await searchAll({ ...query, ...DALLAS, radius: 100 });
    const expected = field.filter(
      (p) =>
        p.serviceType === 'tire_shop' &&
        p.status === 'available' &&
        (p.rating as number) >= 3 &&
        (p.visitFee as number) <= 150 &&
        p.acceptsAAA &&
        haversineMiles(DALLAS, p) <= 100,
    );
    expect(combined.map((r) => r.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(await searchAll({ status: 'all', serviceType: 'all' })).toHaveLength(601);
  });

  it('answers every status without a status filter, as the availability choices All and Busy (Show All) ask', async () => {
    const everyone = await searchAll({});
    expect(everyone).toHaveLength(601);
    expect(new Set(everyone.map((r) => r.status)).size).toBeGreaterThan(2);
    expect(await searchAll({ status: 'all' })).toHaveLength(601);
    const available = await searchAll({ status: 'available' });
    expect(available.length).toBeGreaterThan(0);
    expect(available.length).toBeLessThan(601);
    expect(available.every((r) => r.status === 'available')).toBe(true);
  });

  it('matches q in name, description, city and specialties, case-insensitively', async () => {
    expect((await searchAll({ q: 'reefer' })).length).toBe(
      field.filter((p) => p.description!.includes('Reefer')).length,
    );
    expect((await searchAll({ q: 'WACO' })).length).toBe(
      field.filter((p) => p.city === 'Waco').length,
    );
    expect((await searchAll({ q: 'air brake' })).length).toBe(
      field.filter((p) => p.specialties!.includes('Air Brake Systems')).length,
    );
    expect((await searchAll({ q: 'diesel_pros' })).map((r) => r.id)).toEqual([
      named.get('100% Diesel_Pros'),
    ]);
  });

  it('treats % and _ in q as themselves, not as wildcards', async () => {
    expect((await searchAll({ q: '%' })).map((r) => r.businessName)).toEqual(['100% Diesel_Pros']);
    expect((await searchAll({ q: '_' })).map((r) => r.businessName)).toEqual(['100% Diesel_Pros']);
    expect(await search({ q: 'Diesel%Pros' })).toEqual([]);
  });
});

describe('bad and hostile input', () => {
  it.each([
    ['latitude=91&longitude=0', 'latitude'],
    ['latitude=abc&longitude=-96', 'latitude'],
    ['latitude=32.7', 'latitude'],
    ['latitude=32&longitude=-96&radius=0', 'radius'],
    ['latitude=32&longitude=-96&radius=100000', 'radius'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    ['fields=everything', 'fields'],
    ['limit=2.5', 'limit'],
    ['serviceType=plumber', 'serviceType'],
    ['status=sleeping', 'status'],
    ['minRating=6', 'minRating'],
    ['minFee=-1', 'minFee'],
    ['minFee=100&maxFee=50', 'minFee'],
    ['is24Hour=maybe', 'is24Hour'],
    ['latitude=NaN&longitude=Infinity', 'latitude'],
  ])('answers 400 for %s', async (query, fieldName) => {
    const response = await t.api({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(fieldName);
  });

  it('never fails on hostile q values', async () => {
    const hostile = [
      "'",
      '"',
      "' OR 1=1 --",
      "'; DROP TABLE service_providers; --",
      '\\',
      '%%%',
      '_%_',
      '\u0000',
      'ü™🚚',
      '$1',
      'x'.repeat(5000),
      ')) or ((1=1',
    ];
    for (const q of hostile) {
      const response = await t.api({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}`,
      });
      expect([200, 400], q.slice(0, 20)).toContain(response.statusCode);
    }
    expect(await searchAll({})).toHaveLength(601);
  });

  it('answers the same on /api/search as on /api/providers', async () => {
    const a = await t.api({
      method: 'GET',
      url: `/api/search?latitude=${DALLAS.latitude}&longitude=${DALLAS.longitude}&radius=30`,
    });
    const b = await t.api({
      method: 'GET',
      url: `/api/providers?latitude=${DALLAS.latitude}&longitude=${DALLAS.longitude}&radius=30`,
    });
    expect(a.json()).toEqual(b.json());
  });
});

describe('GET /api/providers/{id}', () => {
  it('answers an approved provider to anyone', async () => {
    const response = await t.api({ method: 'GET', url: `/api/providers/${field[0]!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: field[0]!.id, reviews: [] });
  });

  it('hides an application that is not approved, and answers 404 for unknown ids', async () => {
    expect(
      (await t.api({ method: 'GET', url: `/api/providers/${named.get('Pending Application')}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.api({ method: 'GET', url: '/api/providers/00000000-0000-4000-8000-000000000000' })
      ).json(),
    ).toEqual({ error: 'No provider found' });
    expect((await t.api({ method: 'GET', url: '/api/providers/not-a-uuid' })).statusCode).toBe(400);
    const someone = await signUp(t.app);
    expect(
      (
        await t.api({
          method: 'GET',
          url: `/api/providers/${named.get('Pending Application')}`,
          headers: { cookie: someone.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});
