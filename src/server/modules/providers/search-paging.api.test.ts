import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../core/geo.ts';
import {
  compareResults,
  CURSOR_MESSAGE,
  encodeSearchCursor,
  providerListItemSchema,
  providerResultSchema,
  providerSummarySchema,
  SEARCH_DEFAULT_RADIUS_MILES,
  type ProviderListItem,
  type ProviderSummary,
  roundCoordinate,
} from '../../../core/providers/search.ts';
import { insertProviders, type TestProvider } from '../../test/providers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { allPages, nextPage, queryString } from '../../test/search-pages.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const DALLAS = { latitude: 32.7767, longitude: -96.797 };
const statuses = ['available', 'busy', 'enroute', 'offline'] as const;
const types = ['mobile_mechanic', 'tire_shop', 'towing'] as const;
type Inserted = TestProvider & { id: string };
let field: Inserted[] = [];

/**
 * Providers over a 3° × 3° square around Dallas with few distinct ratings, and clusters at the
 * very same spot with the same status and rating, so pages often end inside a tie that only the
 * distance or the id decides.
 */
function makeField(): TestProvider[] {
  let seed = 11;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const ratings = [0, 3, 3.5, 4, 4.5, 5];
  const spread = Array.from({ length: 150 }, (_, i) => ({
    latitude: Math.round((31.3 + next() * 3) * 1e5) / 1e5,
    longitude: Math.round((-98.3 + next() * 3) * 1e5) / 1e5,
    status: statuses[Math.floor(next() * 4)],
    serviceType: types[i % 3],
    rating: ratings[Math.floor(next() * ratings.length)],
    acceptsAAA: next() < 0.4,
    is24Hour: next() < 0.3,
  }));
  const clusters = [DALLAS, { latitude: 32.1, longitude: -97.5 }].flatMap((spot, c) =>
    Array.from({ length: 12 }, (_, i) => ({
      ...spot,
      status: i % 4 === 0 ? ('busy' as const) : ('available' as const),
      serviceType: types[(i + c) % 3],
      rating: 4.5,
      acceptsAAA: i % 2 === 0,
      is24Hour: false,
    })),
  );
  return [...spread, ...clusters];
}

beforeAll(async () => {
  // Paging a whole search one provider at a time takes hundreds of requests.
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  const providers = makeField();
  const ids = await insertProviders(t.app.database.db, providers);
  field = providers.map((p, i) => ({ ...p, id: ids[i]! }));
  // Never listed: they must be neither in a page nor in a count.
  await insertProviders(t.app.database.db, [
    { ...DALLAS, verification: 'pending' },
    { ...DALLAS, verification: 'approved', suspendedAt: new Date() },
  ]);
});
afterAll(() => t.close());

interface Filters {
  position?: { latitude: number; longitude: number; radius?: number };
  serviceType?: (typeof types)[number];
  status?: (typeof statuses)[number];
  minRating?: number;
  acceptsAAA?: boolean;
  is24Hour?: boolean;
}

const toQuery = (f: Filters): Record<string, string | number | boolean> => ({
  ...(f.position
    ? {
        latitude: f.position.latitude,
        longitude: f.position.longitude,
        ...(f.position.radius === undefined ? {} : { radius: f.position.radius }),
      }
    : {}),
  ...(f.serviceType ? { serviceType: f.serviceType } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.minRating === undefined ? {} : { minRating: f.minRating }),
  ...(f.acceptsAAA ? { acceptsAAA: true } : {}),
  ...(f.is24Hour ? { is24Hour: true } : {}),
});

/** The inserted providers the filters find, by the same rules, in JavaScript. */
function bruteForce(f: Filters): Inserted[] {
  return field.filter(
    (p) =>
      (!f.serviceType || p.serviceType === f.serviceType) &&
      (!f.status || p.status === f.status) &&
      (f.minRating === undefined || (p.rating as number) >= f.minRating) &&
      (!f.acceptsAAA || p.acceptsAAA) &&
      (!f.is24Hour || p.is24Hour) &&
      (!f.position ||
        haversineMiles(f.position, p) <= (f.position.radius ?? SEARCH_DEFAULT_RADIUS_MILES)),
  );
}

/** Mostly absent: a filter present four times in five would leave a page or less to check. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arbitrary });

const filtersArbitrary: fc.Arbitrary<Filters> = fc.record({
  position: fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          // Searches run at the position rounded to 4 decimals; the brute force uses the same.
          latitude: fc.double({ min: 31, max: 34.5, noNaN: true }).map(roundCoordinate),
          longitude: fc.double({ min: -98.6, max: -95, noNaN: true }).map(roundCoordinate),
          radius: fc.double({ min: 0.5, max: 150, noNaN: true }),
        },
        { requiredKeys: ['latitude', 'longitude'] },
      ),
    },
  ),
  serviceType: sometimes(fc.constantFrom(...types)),
  status: sometimes(fc.constantFrom(...statuses)),
  minRating: sometimes(fc.constantFrom(3, 4, 4.5)),
  acceptsAAA: sometimes(fc.constant(true)),
  is24Hour: sometimes(fc.constant(true)),
});

describe('paging', () => {
  it('returns every provider exactly once across pages, in the documented order (property)', async () => {
    let severalPages = 0;
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary,
        fc.integer({ min: 1, max: 25 }),
        fc.constantFrom('/api/providers', '/api/search'),
        async (filters, limit, path) => {
          const query = toQuery(filters);
          const { items, pages } = await allPages<ProviderListItem>(
            t.api,
            `${path}?${queryString({ ...query, limit })}`,
          );
          const expected = bruteForce(filters);
          if (pages.length > 2) severalPages += 1;

          // Every page but the last is full; the last is full only when nothing follows it.
          for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
          expect(pages.at(-1)!.length).toBeLessThanOrEqual(limit);
          for (const item of items) providerListItemSchema.strict().parse(item);

          const ids = items.map((p) => p.id);
          expect(new Set(ids).size, 'a provider came twice').toBe(ids.length);
          expect([...ids].sort()).toEqual(expected.map((p) => p.id).sort());

          // Each distance is the haversine's (the brute force sorts by the distance as answered,
          // so a last-digit difference between JavaScript and SQL cannot swap two providers).
          const answered = new Map(items.map((p) => [p.id, p.distance]));
          for (const p of expected) {
            const distance = answered.get(p.id)!;
            if (filters.position)
              expect(Math.abs(distance! - haversineMiles(filters.position, p))).toBeLessThan(1e-6);
            else expect(distance).toBeNull();
          }
          const bruteOrder = expected
            .map((p) => ({
              id: p.id,
              status: p.status!,
              rating: p.rating as number,
              distance: answered.get(p.id)!,
            }))
            .sort(compareResults)
            .map((p) => p.id);
          expect(ids).toEqual(bruteOrder);
        },
      ),
      { numRuns: 60 },
    );
    // The property is about page boundaries: many runs must have crossed several.
    expect(severalPages).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('gives the next address with the same filters, only while more follow', async () => {
    const first = await t.api({
      method: 'GET',
      url: `/api/search?${queryString({ ...DALLAS, radius: 40, acceptsAAA: true, limit: 3 })}`,
    });
    expect(first.statusCode).toBe(200);
    const next = nextPage(first.headers.link);
    expect(first.headers.link).toMatch(/^<\/api\/search\?[^>]+>; rel="next"$/);
    const params = new URL(next!, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      latitude: String(DALLAS.latitude),
      longitude: String(DALLAS.longitude),
      radius: '40',
      acceptsAAA: 'true',
      limit: '3',
    });
    expect(params.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);

    const all = await t.api({
      method: 'GET',
      url: `/api/search?${queryString({ ...DALLAS, radius: 40, acceptsAAA: true, limit: 200 })}`,
    });
    expect(all.headers.link).toBeUndefined();
    expect((all.json() as unknown[]).length).toBe(
      bruteForce({ position: { ...DALLAS, radius: 40 }, acceptsAAA: true }).length,
    );
  });

  it('answers 50 list items by default, and whole providers with fields=full', async () => {
    const light = await t.api({ method: 'GET', url: '/api/providers' });
    expect(light.json()).toHaveLength(50);
    for (const item of light.json()) providerListItemSchema.strict().parse(item);
    expect(Object.keys(light.json()[0]).sort()).toEqual(
      [
        'id',
        'businessName',
        'serviceType',
        'status',
        'rating',
        'reviewCount',
        'city',
        'state',
        'latitude',
        'longitude',
        'distance',
        'visitFee',
        'hourlyRate',
        'phone',
        'is24Hour',
        'acceptsAAA',
        'profileImage',
      ].sort(),
    );

    const full = await t.api({
      method: 'GET',
      url: `/api/providers?${queryString({ ...DALLAS, radius: 10, fields: 'full' })}`,
    });
    const rows = full.json() as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) providerResultSchema.strict().parse(row);
    // The same providers in the same order as the list items, with every field.
    const items = (
      await t.api({
        method: 'GET',
        url: `/api/providers?${queryString({ ...DALLAS, radius: 10 })}`,
      })
    ).json() as ProviderListItem[];
    expect(rows.map((r) => (r as { id: string }).id)).toEqual(items.map((i) => i.id));
  });

  it('pages whole providers with fields=full too', async () => {
    const { items } = await allPages<{ id: string; verification: string }>(
      t.api,
      `/api/providers?${queryString({ fields: 'full', limit: 37 })}`,
    );
    expect(items).toHaveLength(field.length);
    expect(new Set(items.map((p) => p.id)).size).toBe(field.length);
    expect(items.every((p) => p.verification === 'approved')).toBe(true);
  });
});

describe('summary counts', () => {
  const summary = async (query: Record<string, string | number | boolean>) => {
    const response = await t.api({
      method: 'GET',
      url: `/api/providers/summary?${queryString(query)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return providerSummarySchema.strict().parse(response.json());
  };

  const count = (providers: Inserted[]): ProviderSummary => ({
    total: providers.length,
    available: providers.filter((p) => p.status === 'available').length,
    byServiceType: {
      mobile_mechanic: providers.filter((p) => p.serviceType === 'mobile_mechanic').length,
      tire_shop: providers.filter((p) => p.serviceType === 'tire_shop').length,
      towing: providers.filter((p) => p.serviceType === 'towing').length,
    },
    acceptsAAA: providers.filter((p) => p.acceptsAAA).length,
  });

  it('equal a brute-force count over every page (property)', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, async (filters) => {
        expect(await summary(toQuery(filters))).toEqual(count(bruteForce(filters)));
      }),
      { numRuns: 60 },
    );
  });

  it('count everything listed without filters, and ignore limit and cursor', async () => {
    expect(await summary({})).toEqual(count(field));
    expect(await summary({ limit: 1, cursor: 'anything' })).toEqual(count(field));
  });

  it.each([
    ['latitude=91&longitude=0', 'latitude'],
    ['latitude=32.7', 'latitude'],
    ['latitude=32&longitude=-96&radius=0', 'radius'],
    ['serviceType=plumber', 'serviceType'],
    ['minFee=100&maxFee=50', 'minFee'],
  ])('answer 400 for %s', async (query, fieldName) => {
    const response = await t.api({ method: 'GET', url: `/api/providers/summary?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(fieldName);
  });
});

describe('bad paging input', () => {
  const located = encodeSearchCursor({
    available: true,
    rating: 4.5,
    rank: 0.0001,
    id: '00000000-0000-4000-8000-000000000000',
  });
  const unlocated = encodeSearchCursor({
    available: false,
    rating: 3,
    rank: null,
    id: '00000000-0000-4000-8000-000000000000',
  });
  const base64url = (text: string) => Buffer.from(text).toString('base64url');

  it.each([
    ['limit 0', 'limit=0', 'limit', 'Limit must be at least 1'],
    ['limit 201', 'limit=201', 'limit', 'Limit must be at most 200'],
    ['limit 2.5', 'limit=2.5', 'limit', 'Limit must be a whole number'],
    ['a limit that is no number', 'limit=many', 'limit', 'Limit must be a number'],
    ['an empty cursor', 'cursor=', 'cursor', CURSOR_MESSAGE],
    ['a cursor outside base64url', 'cursor=%21%21%21', 'cursor', CURSOR_MESSAGE],
    ['a cursor of another shape', `cursor=${base64url('{"a":1}')}`, 'cursor', CURSOR_MESSAGE],
    [
      'a cursor without a uuid',
      `cursor=${base64url('[1,4.5,null,"not-a-uuid"]')}`,
      'cursor',
      CURSOR_MESSAGE,
    ],
    [
      'a cursor with a bad availability',
      `cursor=${base64url('[2,4.5,null,"00000000-0000-4000-8000-000000000000"]')}`,
      'cursor',
      CURSOR_MESSAGE,
    ],
    ['an overlong cursor', `cursor=${'A'.repeat(400)}`, 'cursor', CURSOR_MESSAGE],
    [
      'a located cursor on a search without position',
      `cursor=${located}`,
      'cursor',
      CURSOR_MESSAGE,
    ],
    [
      'an unlocated cursor on a search with a position',
      `latitude=32.7&longitude=-96.8&cursor=${unlocated}`,
      'cursor',
      CURSOR_MESSAGE,
    ],
    ['unknown fields', 'fields=all', 'fields', 'Fields must be card or full'],
  ])('answers 400 for %s', async (_, query, fieldName, message) => {
    const response = await t.api({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[fieldName]).toBe(message);
  });

  it('accepts a cursor the API handed out, on the search it came from', async () => {
    expect(
      (await t.api({ method: 'GET', url: `/api/search?cursor=${unlocated}` })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.api({
          method: 'GET',
          url: `/api/search?latitude=32.7&longitude=-96.8&cursor=${located}`,
        })
      ).statusCode,
    ).toBe(200);
  });
});
