import { EARTH_RADIUS_MILES, haversineMiles } from '../../../core/geo.ts';

/**
 * Providers are filed in a grid of 0.25° × 0.25° cells (about 17 × 13 miles in the contiguous
 * US): `search_cell` = row × 1440 + column, a stored column of service_providers. The migration
 * that creates it spells out the same formula, so this constant cannot change on its own.
 */
export const CELL_DEGREES = 0.25;
export const CELL_COLUMNS = 360 / CELL_DEGREES;
const CELL_ROWS = 180 / CELL_DEGREES;
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;
/** Corners and edges are checked with this much slack, so rounding never drops a cell. */
const slack = (miles: number) => miles * 0.001 + 0.1;

export const cellOf = (latitude: number, longitude: number) =>
  Math.min(Math.floor((latitude + 90) / CELL_DEGREES), CELL_ROWS) * CELL_COLUMNS +
  (Math.floor((longitude + 180) / CELL_DEGREES) % CELL_COLUMNS);

export type CellCover =
  /** Each cell on its own; `inside` cells lie wholly within the circle. */
  | { kind: 'cells'; cells: { cell: number; inside: boolean }[] }
  /** Too many cells for one query each: inclusive ranges of cell ids, one or two per row. */
  | { kind: 'ranges'; ranges: [number, number][] };

/** Beyond this many cells, a search reads whole rows of cells instead of cell by cell. */
export const MAX_SEPARATE_CELLS = 64;

/** The latitudes and longitude offsets that hold every point within `radius` miles. */
function extent(latitude: number, radius: number) {
  const dLat = radius / MILES_PER_DEGREE;
  const lat0 = Math.max(-90, latitude - dLat);
  const lat1 = Math.min(90, latitude + dLat);
  const widest = Math.max(Math.abs(lat0), Math.abs(lat1));
  const dLng = widest >= 89.9 ? 180 : Math.min(180, dLat / Math.cos((widest * Math.PI) / 180));
  return { lat0, lat1, dLng };
}

/**
 * A latitude/longitude box around the circle, with slack, or null where longitudes wrap
 * (near the poles or the antimeridian): a cheap test before the exact distance.
 */
export function boundingBox(latitude: number, longitude: number, radius: number) {
  const { lat0, lat1, dLng } = extent(latitude, radius + slack(radius));
  const west = longitude - dLng;
  const east = longitude + dLng;
  if (dLng >= 180 || west < -180 || east > 180) return null;
  return { south: lat0, north: lat1, west, east };
}

/** The grid cells that can hold a point within `radius` miles of the centre. */
export function coverCircle(latitude: number, longitude: number, radius: number): CellCover {
  const { lat0, lat1, dLng } = extent(latitude, radius);
  const row0 = Math.floor((lat0 + 90) / CELL_DEGREES);
  const row1 = Math.min(Math.floor((lat1 + 90) / CELL_DEGREES), CELL_ROWS);
  let col0 = Math.floor((longitude - dLng + 180) / CELL_DEGREES);
  let col1 = Math.floor((longitude + dLng + 180) / CELL_DEGREES);
  if (col1 - col0 + 1 >= CELL_COLUMNS) [col0, col1] = [0, CELL_COLUMNS - 1];

  const rows = row1 - row0 + 1;
  const columns = col1 - col0 + 1;
  if (rows * columns > MAX_SEPARATE_CELLS) {
    const ranges: [number, number][] = [];
    for (let row = row0; row <= row1; row++) {
      const base = row * CELL_COLUMNS;
      const from = wrap(col0);
      const to = wrap(col1);
      if (from <= to) ranges.push([base + from, base + to]);
      else ranges.push([base + from, base + CELL_COLUMNS - 1], [base, base + to]);
    }
    return { kind: 'ranges', ranges };
  }

  const centre = { latitude, longitude };
  const cells = new Map<number, boolean>();
  for (let row = row0; row <= row1; row++) {
    const south = row * CELL_DEGREES - 90;
    const north = Math.min(90, south + CELL_DEGREES);
    for (let col = col0; col <= col1; col++) {
      const west = col * CELL_DEGREES - 180;
      const east = west + CELL_DEGREES;
      const nearest = {
        latitude: clamp(latitude, south, north),
        longitude: clamp(longitude, west, east),
      };
      if (haversineMiles(centre, nearest) > radius + slack(radius)) continue;
      const farthest = Math.max(
        ...[south, north].flatMap((lat) =>
          [west, east].map((lng) => haversineMiles(centre, { latitude: lat, longitude: lng })),
        ),
      );
      cells.set(row * CELL_COLUMNS + wrap(col), farthest < radius - slack(radius));
    }
  }
  return { kind: 'cells', cells: [...cells].map(([cell, inside]) => ({ cell, inside })) };
}

const wrap = (col: number) => ((col % CELL_COLUMNS) + CELL_COLUMNS) % CELL_COLUMNS;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
