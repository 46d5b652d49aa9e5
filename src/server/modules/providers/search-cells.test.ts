import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../core/geo.ts';
import { boundingBox, cellOf, coverCircle, MAX_SEPARATE_CELLS } from './search-cells.ts';

const centre = fc.record({
  latitude: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

/** A point `miles` away from `from` on the initial bearing `bearing` (radians). */
function destination(
  from: { latitude: number; longitude: number },
  miles: number,
  bearing: number,
) {
  const rad = Math.PI / 180;
  const d = miles / 3959;
  const φ1 = from.latitude * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
  const λ2 =
    from.longitude * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(φ1),
      Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
    );
  const longitude = ((((λ2 / rad + 540) % 360) + 360) % 360) - 180;
  return { latitude: φ2 / rad, longitude };
}

const contains = (cover: ReturnType<typeof coverCircle>, cell: number) =>
  cover.kind === 'cells'
    ? cover.cells.some((c) => c.cell === cell)
    : cover.ranges.some(([from, to]) => cell >= from && cell <= to);

/** A circle (centre, radius in miles) and a point inside it (fraction of the radius, bearing). */
const pointInCircle = [
  centre,
  fc.double({ min: 0.1, max: 500, noNaN: true }),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
] as const;

describe('coverCircle', () => {
  it('lists the cell of every point inside the circle', () => {
    fc.assert(
      fc.property(...pointInCircle, (c, radius, fraction, bearing) => {
        const point = destination(c, radius * fraction, bearing);
        const cover = coverCircle(c.latitude, c.longitude, radius);
        expect(contains(cover, cellOf(point.latitude, point.longitude))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('marks a cell inside only when all of it lies within the radius', () => {
    fc.assert(
      fc.property(centre, fc.double({ min: 1, max: 60, noNaN: true }), (c, radius) => {
        const cover = coverCircle(c.latitude, c.longitude, radius);
        if (cover.kind !== 'cells') return;
        for (const { cell, inside } of cover.cells.filter((x) => x.inside)) {
          const south = Math.floor(cell / 1440) * 0.25 - 90;
          const west = (cell % 1440) * 0.25 - 180;
          for (const [dy, dx] of [
            [0, 0],
            [0, 1],
            [1, 0],
            [1, 1],
            [0.5, 0.5],
            [0, 0.5],
            [1, 0.5],
          ])
            expect(
              haversineMiles(c, { latitude: south + dy! * 0.25, longitude: west + dx! * 0.25 }),
            ).toBeLessThanOrEqual(radius);
          expect(inside).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('searches cell by cell for city-sized circles and by rows of cells for wide ones', () => {
    const dallas = coverCircle(32.7767, -96.797, 25);
    expect(dallas.kind).toBe('cells');
    expect(dallas.kind === 'cells' && dallas.cells.length).toBeLessThanOrEqual(MAX_SEPARATE_CELLS);
    expect(coverCircle(32.7767, -96.797, 500).kind).toBe('ranges');
  });

  it('wraps around the antimeridian and reaches the poles', () => {
    const fiji = coverCircle(-17.7, 179.9, 30);
    expect(contains(fiji, cellOf(-17.7, -179.9))).toBe(true);
    expect(contains(coverCircle(89.95, 0, 10), cellOf(89.99, 120))).toBe(true);
    expect(cellOf(0, 180)).toBe(cellOf(0, -180));
  });
});

describe('boundingBox', () => {
  it('holds every point inside the circle, or is null where longitudes wrap', () => {
    fc.assert(
      fc.property(...pointInCircle, (c, radius, fraction, bearing) => {
        const box = boundingBox(c.latitude, c.longitude, radius);
        if (!box) return;
        const point = destination(c, radius * fraction, bearing);
        expect(point.latitude).toBeGreaterThanOrEqual(box.south);
        expect(point.latitude).toBeLessThanOrEqual(box.north);
        expect(point.longitude).toBeGreaterThanOrEqual(box.west);
        expect(point.longitude).toBeLessThanOrEqual(box.east);
      }),
      { numRuns: 3000 },
    );
  });

  it('is null across the antimeridian and at the poles, and set for a US search', () => {
    expect(boundingBox(52, 179.9, 25)).toBeNull();
    expect(boundingBox(89.95, 0, 25)).toBeNull();
    expect(boundingBox(41.88, -87.63, 25)).not.toBeNull();
  });
});
