import { EARTH_RADIUS_MILES, haversineMiles } from '../geo.ts';

/** How far from the route a provider may be (miles): the driver's slider, 1 to 25. */
export const ROUTE_CORRIDOR_DEFAULT_MILES = 5;
export const ROUTE_CORRIDOR_MIN_MILES = 1;
export const ROUTE_CORRIDOR_MAX_MILES = 25;
/** "Ahead of me": how far along the heading the search looks (miles). */
export const ROUTE_AHEAD_DEFAULT_MILES = 100;
export const ROUTE_AHEAD_MAX_MILES = 500;
/** A route longer than this (road miles) is refused: the search is for the road ahead. */
export const ROUTE_MAX_MILES = 1500;

/** `road`: the routing service's road route; `straight`: a straight corridor (no routing service). */
export const routeSources = ['road', 'straight'] as const;
export type RouteSource = (typeof routeSources)[number];

// ---------------------------------------------------------------------------------------------
// Geometry. Points are GeoJSON [longitude, latitude]. Distances are miles on a sphere of
// R = 3959 (core/geo.ts); within a segment of a mile or two a local flat projection is exact to
// a few feet, which is how points are projected on the route.
// ---------------------------------------------------------------------------------------------

export type LngLat = [number, number];

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
export const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

export const milesBetween = (a: LngLat, b: LngLat) =>
  haversineMiles({ latitude: a[1], longitude: a[0] }, { latitude: b[1], longitude: b[0] });

/** Road miles of a line: the sum of its segments. */
export function lineMiles(points: LngLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += milesBetween(points[i - 1]!, points[i]!);
  return total;
}

/** The point `miles` from `from` along the initial bearing `headingDegrees` (great circle). */
export function pointAhead(from: LngLat, headingDegrees: number, miles: number): LngLat {
  const d = miles / EARTH_RADIUS_MILES;
  const bearing = toRadians(headingDegrees);
  const lat1 = toRadians(from[1]);
  const lng1 = toRadians(from[0]);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return [((toDegrees(lng2) + 540) % 360) - 180, toDegrees(lat2)];
}

/** The great-circle line from `from` to `to`, with a point at least every `stepMiles`. */
export function straightLine(from: LngLat, to: LngLat, stepMiles = 5): LngLat[] {
  const total = milesBetween(from, to);
  const steps = Math.max(1, Math.ceil(total / stepMiles));
  if (total === 0) return [from, to];
  const d = total / EARTH_RADIUS_MILES;
  const [lng1, lat1, lng2, lat2] = [from[0], from[1], to[0], to[1]].map(toRadians) as [
    number,
    number,
    number,
    number,
  ];
  const line: LngLat[] = [from];
  for (let i = 1; i < steps; i++) {
    const f = i / steps;
    const a = Math.sin((1 - f) * d) / Math.sin(d);
    const b = Math.sin(f * d) / Math.sin(d);
    const x = a * Math.cos(lat1) * Math.cos(lng1) + b * Math.cos(lat2) * Math.cos(lng2);
    const y = a * Math.cos(lat1) * Math.sin(lng1) + b * Math.cos(lat2) * Math.sin(lng2);
    const z = a * Math.sin(lat1) + b * Math.sin(lat2);
    line.push([toDegrees(Math.atan2(y, x)), toDegrees(Math.atan2(z, Math.hypot(x, y)))]);
  }
  line.push(to);
  return line;
}

/** The "ahead of me" line: straight from the position along the heading for `miles`. */
export const aheadLine = (from: LngLat, headingDegrees: number, miles: number) =>
  straightLine(from, pointAhead(from, headingDegrees, miles));

/** The line with points added so no segment is longer than `maxMiles`; repeated points dropped. */
export function densify(points: LngLat[], maxMiles: number): LngLat[] {
  const out: LngLat[] = [];
  for (const point of points) {
    const last = out.at(-1);
    if (!last) {
      out.push(point);
      continue;
    }
    const miles = milesBetween(last, point);
    if (miles === 0) continue;
    const parts = Math.ceil(miles / maxMiles);
    for (let i = 1; i < parts; i++) {
      const f = i / parts;
      out.push([last[0] + (point[0] - last[0]) * f, last[1] + (point[1] - last[1]) * f]);
    }
    out.push(point);
  }
  if (out.length === 1) out.push(out[0]!);
  return out;
}

/**
 * The line with points dropped while it stays within `toleranceMiles` of the original
 * (Douglas–Peucker): what the answer draws, a few hundred points for a long road route.
 */
export function simplify(points: LngLat[], toleranceMiles: number): LngLat[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let worst = toleranceMiles;
    for (let i = first + 1; i < last; i++) {
      const off = projectOnSegment(points[i]!, points[first]!, points[last]!).off;
      if (off > worst) {
        worst = off;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * Where `p` falls on the segment a→b: `t` from 0 (a) to 1 (b), and its distance off the segment,
 * in a flat projection around the segment (miles east and north).
 */
export function projectOnSegment(
  p: LngLat,
  a: LngLat,
  b: LngLat,
): { t: number; off: number; fromStart: number } {
  const east = Math.cos(toRadians((a[1] + b[1]) / 2)) * MILES_PER_DEGREE;
  const bx = (b[0] - a[0]) * east;
  const by = (b[1] - a[1]) * MILES_PER_DEGREE;
  const px = (p[0] - a[0]) * east;
  const py = (p[1] - a[1]) * MILES_PER_DEGREE;
  const length2 = bx * bx + by * by;
  const dot = px * bx + py * by;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, dot / length2));
  return {
    t,
    off: Math.hypot(px - t * bx, py - t * by),
    /** Miles from a along a→b, negative behind a. */
    fromStart: length2 === 0 ? 0 : dot / Math.sqrt(length2),
  };
}

/** A grid of cells the database files providers in: `degrees` square, `columns` per row. */
export interface CellGrid {
  degrees: number;
  columns: number;
}

/** Each grid cell is split into SUBDIVISIONS × SUBDIVISIONS parts, one bit each of its mask. */
export const SUBDIVISIONS = 5;
/** Corridor edges are widened by this much, so rounding never drops a provider on the edge. */
const EDGE_SLACK_MILES = 0.1;

/** A route ready to be searched: its segments, their miles from the start, and where they lie. */
export interface PreparedRoute {
  points: LngLat[];
  /** Miles from the start to each point. */
  milesAt: number[];
  miles: number;
  corridorMiles: number;
  grid: CellGrid;
  /** Per grid cell, the segments (index of their first point) within the corridor of the cell. */
  segmentsByCell: Map<number, number[]>;
  /** Per grid cell, which of its parts the corridor touches (bit row × SUBDIVISIONS + column). */
  masks: Map<number, number>;
  /** Per grid cell, for each of its parts, the least miles along the route of a segment touching it. */
  partMiles: Map<number, Float64Array>;
}

const cellRow = (latitude: number, grid: CellGrid) => Math.floor((latitude + 90) / grid.degrees);
const cellColumn = (longitude: number, grid: CellGrid) =>
  ((Math.floor((longitude + 180) / grid.degrees) % grid.columns) + grid.columns) % grid.columns;
export const cellOfPoint = (p: LngLat, grid: CellGrid) =>
  cellRow(p[1], grid) * grid.columns + cellColumn(p[0], grid);

/**
 * Prepares a route for a corridor search: the line densified to segments of at most a mile, and
 * the cover of the corridor on the database's grid — each cell it touches, with a mask of the
 * cell's parts (a fifth of a cell each way, about 3 × 3 miles) it touches, so the database reads
 * a cell's providers once and drops those outside the corridor's parts from the index alone.
 */
export function prepareRoute(line: LngLat[], corridorMiles: number, grid: CellGrid): PreparedRoute {
  const points = densify(line, 1);
  const milesAt = [0];
  for (let i = 1; i < points.length; i++)
    milesAt.push(milesAt[i - 1]! + milesBetween(points[i - 1]!, points[i]!));
  const part = grid.degrees / SUBDIVISIONS;
  const reach = corridorMiles + EDGE_SLACK_MILES;
  const segmentsByCell = new Map<number, number[]>();
  const masks = new Map<number, number>();
  const partMiles = new Map<number, Float64Array>();
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const south = Math.min(a[1], b[1]);
    const north = Math.max(a[1], b[1]);
    const dLat = reach / MILES_PER_DEGREE;
    const widest = Math.min(89, Math.max(Math.abs(south - dLat), Math.abs(north + dLat)));
    const dLng = dLat / Math.cos(toRadians(widest));
    const row0 = Math.floor((south - dLat + 90) / part);
    const row1 = Math.floor((north + dLat + 90) / part);
    const col0 = Math.floor((Math.min(a[0], b[0]) - dLng + 180) / part);
    const col1 = Math.floor((Math.max(a[0], b[0]) + dLng + 180) / part);
    for (let row = row0; row <= row1; row++) {
      const latitude = (row + 0.5) * part - 90;
      const halfDiagonal =
        (Math.hypot(part, part * Math.cos(toRadians(latitude))) / 2) * MILES_PER_DEGREE;
      for (let col = col0; col <= col1; col++) {
        const centre: LngLat = [(col + 0.5) * part - 180, latitude];
        const projected = projectOnSegment(centre, a, b);
        if (projected.off > reach + halfDiagonal) continue;
        // The corridor starts at the driver: nothing behind the start of the route.
        if (i === 0 && projected.fromStart < -halfDiagonal - EDGE_SLACK_MILES) continue;
        const cell =
          Math.floor(row / SUBDIVISIONS) * grid.columns +
          (((Math.floor(col / SUBDIVISIONS) % grid.columns) + grid.columns) % grid.columns);
        const bit = (row % SUBDIVISIONS) * SUBDIVISIONS + (col % SUBDIVISIONS);
        masks.set(cell, (masks.get(cell) ?? 0) | (1 << bit));
        const segments = segmentsByCell.get(cell);
        if (!segments) segmentsByCell.set(cell, [i]);
        else if (segments.at(-1) !== i) segments.push(i);
        let miles = partMiles.get(cell);
        if (!miles)
          partMiles.set(cell, (miles = new Float64Array(SUBDIVISIONS ** 2).fill(Infinity)));
        if (milesAt[i]! < miles[bit]!) miles[bit] = milesAt[i]!;
      }
    }
  }
  return {
    points,
    milesAt,
    miles: milesAt.at(-1)!,
    corridorMiles,
    grid,
    segmentsByCell,
    masks,
    partMiles,
  };
}

/**
 * Where a point lies on the route: miles along it to the nearest point, and miles off it;
 * `behind` when that nearest point is the start and the point lies behind it (not ahead).
 */
export function placeOnRoute(
  route: PreparedRoute,
  p: LngLat,
): { milesAlongRoute: number; milesOffRoute: number; behind: boolean } {
  const segments =
    route.segmentsByCell.get(cellOfPoint(p, route.grid)) ??
    route.points.slice(0, -1).map((_, i) => i);
  let best = { along: 0, off: Infinity, behind: false };
  for (const i of segments) {
    const a = route.points[i]!;
    const b = route.points[i + 1]!;
    const { t, off, fromStart } = projectOnSegment(p, a, b);
    if (off < best.off - 1e-9) {
      best = {
        along: route.milesAt[i]! + t * (route.milesAt[i + 1]! - route.milesAt[i]!),
        off,
        behind: i === 0 && fromStart < 0,
      };
    }
  }
  return { milesAlongRoute: best.along, milesOffRoute: best.off, behind: best.behind };
}

/**
 * The cover of the route's first `miles`: each cell with the mask of its parts touched by a
 * segment starting within them. Every provider in the corridor whose nearest point of the route
 * is within the first `miles` lies in these parts, so a search can read the route a stretch at a
 * time and stop once it has a page.
 */
export function coverUpTo(route: PreparedRoute, miles: number): Map<number, number> {
  const cover = new Map<number, number>();
  for (const [cell, parts] of route.partMiles) {
    let mask = 0;
    for (let bit = 0; bit < parts.length; bit++)
      if (parts[bit]! <= miles && parts[bit]! < Infinity) mask |= 1 << bit;
    if (mask !== 0) cover.set(cell, mask);
  }
  return cover;
}
