import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lineMiles,
  placeOnRoute,
  prepareRoute,
  straightLine,
  type LngLat,
} from '../../../core/providers/along-route.ts';
import {
  alongRouteQuerySchema,
  type AlongRouteAnswer,
} from '../../../core/providers/along-route-schemas.ts';
import { explainPlan } from '../../db/client.ts';
import { I10_HOUSTON_SAN_ANTONIO as I10, startMockOsrm } from '../../routing/mock-osrm.ts';
import { fillProviders } from '../../test/fill-providers.ts';
import { insertProviders, type TestProvider } from '../../test/providers.ts';
import { queryString } from '../../test/search-pages.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createAlongRouteService } from './along-route.service.ts';
import { CELL_COLUMNS, CELL_DEGREES } from './search-cells.ts';

const GRID = { degrees: CELL_DEGREES, columns: CELL_COLUMNS };
const MILE = 1 / 69.09;
const HOUSTON = I10[0]!;
const SAN_ANTONIO = I10.at(-1)!;

let osrm: Awaited<ReturnType<typeof startMockOsrm>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const ids = new Map<string, string>();

/**
 * Providers along and off Interstate 10 between Houston and San Antonio, named for where they
 * are: `katy+1` is a mile north of the interstate at Katy.
 */
const seeded: (TestProvider & { businessName: string })[] = [
  { businessName: 'katy+1', longitude: -95.8244, latitude: 29.7858 + MILE },
  { businessName: 'sealy-0.5', longitude: -96.1572, latitude: 29.7808 - 0.5 * MILE },
  { businessName: 'columbus+2', longitude: -96.5397, latitude: 29.7066 + 2 * MILE },
  { businessName: 'schulenburg+4', longitude: -96.9039, latitude: 29.6819 + 4 * MILE },
  { businessName: 'flatonia+8', longitude: -97.1081, latitude: 29.6877 + 8 * MILE },
  {
    businessName: 'seguin-towing',
    longitude: -97.9647,
    latitude: 29.5688 - MILE,
    serviceType: 'towing',
    is24Hour: true,
  },
  { businessName: 'converse+0', longitude: -98.2508, latitude: 29.5313 },
  { businessName: 'past-san-antonio', longitude: -98.75, latitude: 29.42 },
  {
    businessName: 'pending-on-route',
    longitude: -96.54,
    latitude: 29.7066,
    verification: 'pending',
  },
  { businessName: 'dallas', longitude: -96.797, latitude: 32.7767 },
];

beforeAll(async () => {
  osrm = await startMockOsrm({
    // The interstate between its ends; any other trip answers a two-point road.
    lineFor: (from, to) =>
      Math.abs(from[0] - HOUSTON[0]) < 0.01 && Math.abs(to[0] - SAN_ANTONIO[0]) < 0.01
        ? I10
        : [from, to],
  });
  t = await createTestApp({ routingUrl: osrm.url });
  const created = await insertProviders(t.app.database.db, seeded);
  seeded.forEach((p, i) => ids.set(p.businessName, created[i]!));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await osrm?.close();
});

const origin = { originLat: HOUSTON[1], originLng: HOUSTON[0] };
const toSanAntonio = { ...origin, destLat: SAN_ANTONIO[1], destLng: SAN_ANTONIO[0] };

async function alongRoute(query: Record<string, string | number | boolean>) {
  const response = await t.api({
    method: 'GET',
    url: `/api/providers/along-route?${queryString(query)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AlongRouteAnswer;
}

const names = (answer: AlongRouteAnswer) => answer.items.map((i) => i.businessName);

/** Where the seeded providers lie on a line, those within the corridor, nearest along first. */
function expected(line: LngLat[], corridor: number) {
  const route = prepareRoute(line, corridor, GRID);
  return seeded
    .filter((p) => p.verification === undefined)
    .map((p) => ({ name: p.businessName, ...placeOnRoute(route, [p.longitude, p.latitude]) }))
    .filter((p) => !p.behind && p.milesOffRoute <= corridor)
    .sort((a, b) => a.milesAlongRoute - b.milesAlongRoute);
}

describe('search along a road route', () => {
  it('lists providers within 5 miles of the interstate in their order along it', async () => {
    const answer = await alongRoute(toSanAntonio);
    expect(answer.routeSource).toBe('road');
    expect(names(answer)).toEqual([
      'katy+1',
      'sealy-0.5',
      'columbus+2',
      'schulenburg+4',
      'seguin-towing',
      'converse+0',
    ]);
    expect(names(answer)).toEqual(expected(I10, 5).map((p) => p.name));
    const along = answer.items.map((i) => i.milesAlongRoute);
    expect(along).toEqual([...along].sort((a, b) => a - b));
    expect(answer.truncated).toBe(false);
    expect(answer.corridorMiles).toBe(5);
    expect(answer.routeMiles).toBeCloseTo(lineMiles(I10), 0);
    expect(osrm.requests.at(-1)).toMatch(
      /^\/route\/v1\/driving\/-95\.3698,29\.7604;-98\.4936,29\.4241\?overview=full&geometries=geojson$/,
    );
  });

  it('answers miles along and off the route, the distance from the driver and the list item', async () => {
    const answer = await alongRoute(toSanAntonio);
    const katy = answer.items.find((i) => i.businessName === 'katy+1')!;
    const place = expected(I10, 5).find((p) => p.name === 'katy+1')!;
    expect(katy.milesAlongRoute).toBeCloseTo(place.milesAlongRoute, 1);
    expect(katy.milesOffRoute).toBeCloseTo(1, 1);
    expect(katy.distance).toBeGreaterThan(25);
    expect(Object.keys(katy).sort()).toEqual(
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
        'visitFee',
        'hourlyRate',
        'phone',
        'is24Hour',
        'acceptsAAA',
        'profileImage',
        'distance',
        'milesAlongRoute',
        'milesOffRoute',
      ].sort(),
    );
    expect(katy.id).toBe(ids.get('katy+1'));
  });

  it('draws the road route as a GeoJSON line from the driver to the destination', async () => {
    const answer = await alongRoute(toSanAntonio);
    expect(answer.route.type).toBe('LineString');
    expect(answer.route.coordinates[0]).toEqual(HOUSTON);
    expect(answer.route.coordinates.at(-1)).toEqual(SAN_ANTONIO);
    expect(answer.route.coordinates).toContainEqual([-96.5397, 29.7066]);
  });

  it('widens and narrows with the corridor: 4 miles off shows at 5, not at 3; 8 miles off at 10', async () => {
    expect(names(await alongRoute({ ...toSanAntonio, corridorMiles: 3 }))).not.toContain(
      'schulenburg+4',
    );
    expect(names(await alongRoute({ ...toSanAntonio, corridorMiles: 5 }))).toContain(
      'schulenburg+4',
    );
    const wide = await alongRoute({ ...toSanAntonio, corridorMiles: 10 });
    expect(names(wide)).toContain('flatonia+8');
    expect(names(wide)).toEqual(expected(I10, 10).map((p) => p.name));
    expect(wide.items.every((i) => i.milesOffRoute <= 10)).toBe(true);
  });

  it("applies the nearby search's filters and its page size", async () => {
    expect(names(await alongRoute({ ...toSanAntonio, serviceType: 'towing' }))).toEqual([
      'seguin-towing',
    ]);
    expect(names(await alongRoute({ ...toSanAntonio, is24Hour: true }))).toEqual(['seguin-towing']);
    const page = await alongRoute({ ...toSanAntonio, limit: 2 });
    expect(names(page)).toEqual(['katy+1', 'sealy-0.5']);
    expect(page.truncated).toBe(true);
  });

  it('finds a destination typed as a city or a ZIP code', async () => {
    const city = await alongRoute({ ...origin, destination: 'San Antonio, TX' });
    expect(names(city).slice(0, 4)).toEqual(['katy+1', 'sealy-0.5', 'columbus+2', 'schulenburg+4']);
    const zip = await alongRoute({ ...origin, destination: '78205' });
    expect(zip.items.length).toBeGreaterThanOrEqual(4);
  });

  it('searches ahead along a heading: westbound from Houston for 60 miles', async () => {
    const answer = await alongRoute({ ...origin, headingDegrees: 270, aheadMiles: 60 });
    expect(answer.routeMiles).toBeCloseTo(60, 0);
    expect(answer.route.coordinates[0]).toEqual(HOUSTON);
    expect(names(answer)).toContain('katy+1');
    expect(names(answer)).not.toContain('converse+0');
    expect(names(await alongRoute({ ...origin, headingDegrees: 90, aheadMiles: 60 }))).toEqual([]);
  });
});

describe('without a road route', () => {
  it.each(['garbage', 'error', 'no-route'] as const)(
    'goes straight when the routing service answers %s, and says so',
    async (mode) => {
      osrm.setMode(mode);
      try {
        // A destination a little apart from the road test's, so no remembered route answers.
        const destination = { destLat: 29.4242, destLng: -98.4937 };
        const answer = await alongRoute({ ...origin, ...destination });
        expect(answer.routeSource).toBe('straight');
        const line = straightLine(HOUSTON, [destination.destLng, destination.destLat]);
        expect(answer.routeMiles).toBeCloseTo(lineMiles(line), 0);
        expect(names(answer)).toEqual(expected(line, 5).map((p) => p.name));
        expect(names(answer)).not.toContain('katy+1');
      } finally {
        osrm.setMode('ok');
      }
    },
  );

  it('goes straight when no routing service is configured', async () => {
    const service = createAlongRouteService(t.app.database.db, {});
    const answer = await service.search(
      alongRouteQuerySchema.parse({ ...toSanAntonio, corridorMiles: 10 }),
    );
    expect(answer.routeSource).toBe('straight');
    expect(answer.route.coordinates[0]).toEqual(HOUSTON);
    expect(answer.items.map((i) => i.businessName)).toEqual(
      expected(straightLine(HOUSTON, SAN_ANTONIO), 10).map((p) => p.name),
    );
  });
});

describe('bad requests', () => {
  const bad = async (query: Record<string, string | number>) => {
    const response = await t.api({
      method: 'GET',
      url: `/api/providers/along-route?${queryString(query)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    return response.json() as { error: string; fields?: Record<string, string> };
  };

  it('names the field that is wrong', async () => {
    expect((await bad({ ...toSanAntonio, corridorMiles: 30 })).fields).toEqual({
      corridorMiles: 'Corridor must be at most 25',
    });
    expect((await bad({ originLat: 95, originLng: -95, headingDegrees: 90 })).fields).toEqual({
      originLat: 'Origin latitude must be at most 90',
    });
    expect((await bad(origin)).fields).toEqual({
      destination: 'Send a destination (destLat and destLng, or destination) or a headingDegrees',
    });
    expect((await bad({ ...toSanAntonio, headingDegrees: 90 })).fields).toEqual({
      headingDegrees: 'Send one destination or a heading, not both',
    });
  });

  it('says when a destination cannot be found', async () => {
    const answer = await bad({ ...origin, destination: 'Atlantis, ZZ' });
    expect(answer.error).toBe(
      'Destination not found: enter a ZIP code or a city and state, like San Antonio, TX',
    );
    expect(answer.fields).toEqual({ destination: answer.error });
  });

  it('refuses a route across the continent', async () => {
    const answer = await bad({ ...origin, destLat: 47.6, destLng: -122.3 });
    expect(answer.error).toMatch(/^The route is longer than 1500 miles/);
  });
});

describe('the query plan', () => {
  let big: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    big = await createTestApp();
    await fillProviders(big.app.database.db, 20_000, { seed: 1, rebuildIndexes: false });
  }, 240_000);
  afterAll(() => big?.close());

  it.each([
    ['a 5-mile corridor', { corridorMiles: 5 }],
    [
      'a 25-mile corridor with filters',
      { corridorMiles: 25, serviceType: 'towing', is24Hour: 'true' },
    ],
  ])('reads %s from the search index, never a scan of the table', async (_, extra) => {
    const service = createAlongRouteService(big.app.database.db, {});
    const statement = await service.explainable(
      alongRouteQuerySchema.parse({
        originLat: 41.8781,
        originLng: -87.6298,
        headingDegrees: 250,
        aheadMiles: 300,
        ...extra,
      }),
    );
    const text = await explainPlan(big.app.database.db, statement);
    expect(text).toMatch(/service_providers_search_idx/);
    expect(text).not.toMatch(/Seq Scan on service_providers/);
  });
});
