import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aheadLine,
  coverUpTo,
  densify,
  lineMiles,
  milesBetween,
  placeOnRoute,
  pointAhead,
  prepareRoute,
  simplify,
  straightLine,
  SUBDIVISIONS,
  type CellGrid,
  type LngLat,
} from './along-route.ts';
import { alongRouteQuerySchema } from './along-route-schemas.ts';

const GRID: CellGrid = { degrees: 0.25, columns: 1440 };
const HOUSTON: LngLat = [-95.3698, 29.7604];
const SAN_ANTONIO: LngLat = [-98.4936, 29.4241];

/** The part of its cell a point falls in, as the database computes it (along-route.repository.ts). */
function partOf(p: LngLat) {
  const y = (p[1] + 90) / GRID.degrees;
  const x = (p[0] + 180) / GRID.degrees;
  const row = Math.min(SUBDIVISIONS - 1, Math.floor((y - Math.floor(y)) * SUBDIVISIONS));
  const col = Math.min(SUBDIVISIONS - 1, Math.floor((x - Math.floor(x)) * SUBDIVISIONS));
  const cell = Math.floor(y) * GRID.columns + (Math.floor(x) % GRID.columns);
  return { cell, bit: row * SUBDIVISIONS + col };
}

const parse = (query: Record<string, string>) => alongRouteQuerySchema.safeParse(query);
const messages = (query: Record<string, string>) => {
  const result = parse(query);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the query', () => {
  const origin = { originLat: '29.76', originLng: '-95.37' };

  it('takes a destination point with a 5-mile corridor and a page of 50 by default', () => {
    const result = parse({ ...origin, destLat: '29.42', destLng: '-98.49' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ corridorMiles: 5, limit: 50, destLat: 29.42 });
  });

  it('takes a destination typed as text, or a heading with miles ahead', () => {
    expect(messages({ ...origin, destination: 'San Antonio, TX' })).toEqual([]);
    expect(messages({ ...origin, headingDegrees: '270', aheadMiles: '300' })).toEqual([]);
    expect(messages({ ...origin, headingDegrees: '0' })).toEqual([]);
  });

  it('keeps the corridor between 1 and 25 miles and the miles ahead between 1 and 500', () => {
    expect(messages({ ...origin, headingDegrees: '90', corridorMiles: '26' })).toEqual([
      'corridorMiles: Corridor must be at most 25',
    ]);
    expect(messages({ ...origin, headingDegrees: '90', corridorMiles: '0.5' })).toEqual([
      'corridorMiles: Corridor must be at least 1',
    ]);
    expect(messages({ ...origin, headingDegrees: '90', aheadMiles: '501' })).toEqual([
      'aheadMiles: Miles ahead must be at most 500',
    ]);
    expect(messages({ ...origin, headingDegrees: '361' })).toEqual([
      'headingDegrees: Heading must be at most 360',
    ]);
  });

  it('says what is wrong with positions', () => {
    expect(messages({ originLat: '91', originLng: 'x', headingDegrees: '0' })).toEqual([
      'originLat: Origin latitude must be at most 90',
      'originLng: Origin longitude must be a number',
    ]);
    expect(messages({ ...origin, destLat: '29.4' })).toContain(
      'destLng: Send destLat and destLng together',
    );
  });

  it('wants exactly one of a destination and a heading', () => {
    expect(messages(origin)).toEqual([
      'destination: Send a destination (destLat and destLng, or destination) or a headingDegrees',
    ]);
    expect(messages({ ...origin, destination: '78205', headingDegrees: '90' })).toEqual([
      'headingDegrees: Send one destination or a heading, not both',
    ]);
    expect(messages({ ...origin, destLat: '29.4', destLng: '-98.5', aheadMiles: '50' })).toEqual([
      'aheadMiles: Miles ahead goes with a heading',
    ]);
  });

  it('takes the nearby search filters', () => {
    const result = parse({
      ...origin,
      headingDegrees: '90',
      serviceType: 'towing',
      acceptsAAA: 'true',
      minRating: '4',
    });
    expect(result.data).toMatchObject({ serviceType: 'towing', acceptsAAA: true, minRating: 4 });
    expect(messages({ ...origin, headingDegrees: '90', minFee: '50', maxFee: '10' })).toEqual([
      'minFee: Minimum fee must not be above maximum fee',
    ]);
  });
});

describe('lines', () => {
  it('finds the point ahead along a heading', () => {
    const east = pointAhead([0, 0], 90, 69.09);
    expect(east[0]).toBeCloseTo(1, 2);
    expect(east[1]).toBeCloseTo(0, 6);
    const north = pointAhead([-97, 32], 0, 100);
    expect(milesBetween([-97, 32], north)).toBeCloseTo(100, 6);
    expect(north[0]).toBeCloseTo(-97, 9);
  });

  it('draws a straight line as long as the great circle, a point every few miles', () => {
    const line = straightLine(HOUSTON, SAN_ANTONIO, 5);
    expect(line[0]).toEqual(HOUSTON);
    expect(line.at(-1)).toEqual(SAN_ANTONIO);
    expect(lineMiles(line)).toBeCloseTo(milesBetween(HOUSTON, SAN_ANTONIO), 3);
    for (let i = 1; i < line.length; i++)
      expect(milesBetween(line[i - 1]!, line[i]!)).toBeLessThanOrEqual(5.001);
    const ahead = aheadLine(HOUSTON, 270, 300);
    expect(lineMiles(ahead)).toBeCloseTo(300, 3);
  });

  it('densifies to segments of at most the given miles, keeping every point', () => {
    const line = densify([HOUSTON, HOUSTON, SAN_ANTONIO], 1);
    expect(line[0]).toEqual(HOUSTON);
    expect(line.at(-1)).toEqual(SAN_ANTONIO);
    for (let i = 1; i < line.length; i++)
      expect(milesBetween(line[i - 1]!, line[i]!)).toBeLessThanOrEqual(1.0001);
  });

  it('simplifies a line within the tolerance', () => {
    const line = densify(straightLine(HOUSTON, SAN_ANTONIO), 0.5);
    const simple = simplify(line, 0.05);
    expect(simple.length).toBeLessThan(line.length / 10);
    const route = prepareRoute(simple, 1, GRID);
    for (const p of line) expect(placeOnRoute(route, p).milesOffRoute).toBeLessThan(0.05);
  });
});

describe('a point on the route', () => {
  // Along latitude 30 from 98° W to 96° W, then north to 31° N.
  const line: LngLat[] = [
    [-98, 30],
    [-96, 30],
    [-96, 31],
  ];
  const route = prepareRoute(line, 10, GRID);

  it('is measured along the route to its nearest point, and off the route', () => {
    const p = placeOnRoute(route, [-97, 30.1]);
    expect(p.milesAlongRoute).toBeCloseTo(milesBetween([-98, 30], [-97, 30]), 1);
    expect(p.milesOffRoute).toBeCloseTo(6.91, 1);
    const corner = placeOnRoute(route, [-95.95, 30.5]);
    expect(corner.milesAlongRoute).toBeCloseTo(
      milesBetween([-98, 30], [-96, 30]) + milesBetween([-96, 30], [-96, 30.5]),
      1,
    );
    expect(corner.milesOffRoute).toBeCloseTo(milesBetween([-96, 30.5], [-95.95, 30.5]), 2);
  });

  it('leaves out what lies behind the start', () => {
    expect(placeOnRoute(route, [-98.05, 30]).behind).toBe(true);
    expect(placeOnRoute(route, [-97.95, 30.05]).behind).toBe(false);
  });

  it('measures the whole route', () => {
    expect(route.miles).toBeCloseTo(lineMiles(line), 2);
    expect(placeOnRoute(route, [-96, 31]).milesAlongRoute).toBeCloseTo(route.miles, 6);
  });
});

describe('the cover of a corridor', () => {
  const lines: LngLat[][] = [
    straightLine(HOUSTON, SAN_ANTONIO),
    aheadLine([-97.1, 32.9], 33, 300),
    [
      [-96.8, 32.78],
      [-96.2, 32.7],
      [-95.9, 33.2],
      [-96.4, 33.3],
    ],
  ];

  it('holds every point within the corridor, in the part of the cell the database puts it in (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: lines.length - 1 }),
        fc.double({ min: 1, max: 25, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (which, corridor, at, bearing, within) => {
          const route = prepareRoute(lines[which]!, corridor, GRID);
          const i = Math.floor(at * (route.points.length - 1));
          const p = pointAhead(route.points[i]!, bearing, within * corridor);
          const place = placeOnRoute(route, p);
          // The distance off the route is measured flat, east-west at the segment's latitude
          // (projectOnSegment): across a corridor that is good to half a percent at worst at
          // these latitudes (tan 33° × the 0.36° of latitude of 25 mi).
          expect(place.milesOffRoute).toBeLessThanOrEqual(within * corridor * 1.005 + 1e-6);
          if (place.behind) return;
          const { cell, bit } = partOf(p);
          expect((route.masks.get(cell) ?? 0) & (1 << bit)).not.toBe(0);
          const upTo = coverUpTo(route, place.milesAlongRoute + 1e-9);
          expect((upTo.get(cell) ?? 0) & (1 << bit)).not.toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads little more than the corridor', () => {
    const route = prepareRoute(lines[0]!, 5, GRID);
    const parts = [...route.masks.values()].reduce((n, mask) => {
      let bits = 0;
      for (let m = mask; m; m &= m - 1) bits++;
      return n + bits;
    }, 0);
    const partArea = (GRID.degrees / SUBDIVISIONS) ** 2 * 69.09 * 69.09 * Math.cos(0.52);
    expect(parts * partArea).toBeLessThan(route.miles * 10 * 2.2);
  });

  it('grows stretch by stretch to the whole cover', () => {
    const route = prepareRoute(lines[1]!, 10, GRID);
    const first = coverUpTo(route, 50);
    const all = coverUpTo(route, Infinity);
    expect(all).toEqual(route.masks);
    for (const [cell, mask] of first) expect(mask & ~(all.get(cell) ?? 0)).toBe(0);
    expect(first.size).toBeLessThan(all.size / 3);
  });
});
