import { createHash } from 'node:crypto';
import { and, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import {
  coverUpTo,
  placeOnRoute,
  SUBDIVISIONS,
  type LngLat,
  type PreparedRoute,
} from '../../../core/providers/along-route.ts';
import type { AlongRouteItem } from '../../../core/providers/along-route-schemas.ts';
import { haversineMiles } from '../../../core/geo.ts';
import type { ProviderFilters } from '../../../core/providers/search.ts';
import { statementName, type Executor } from '../../db/client.ts';
import { serviceProviders as sp } from '../../db/schema/index.ts';
import { CELL_DEGREES } from './search-cells.ts';
import { filterConditions, filterValues, type SearchValues } from './search.repository.ts';

const p = (name: string) => sql.placeholder(name);
const ALL_PARTS = 2 ** (SUBDIVISIONS * SUBDIVISIONS) - 1;
/** The first stretch of the route read; each next one doubles it until a page is found. */
const FIRST_STRETCH_MILES = 10;

/**
 * The part of its grid cell a row lies in, 0 to 24 (row × 5 + column of a 5 × 5 split), from the
 * same arithmetic as `search_cell` (core/providers/along-route.ts prepares the masks).
 */
const partOfRow = (() => {
  const degrees = sql.raw(String(CELL_DEGREES));
  const n = sql.raw(String(SUBDIVISIONS));
  const sub = (value: ReturnType<typeof sql>) =>
    sql`least(${n} - 1, floor((${value} / ${degrees} - floor(${value} / ${degrees})) * ${n})::int)`;
  return sql`(${sub(sql`(${sp.latitude} + 90)`)} * ${n} + ${sub(sql`(${sp.longitude} + 180)`)})`;
})();

/**
 * The listed providers matching the filters in the given parts of the given cells. Each cell's
 * providers are read once from service_providers_search_idx (its key starts with the cell, and
 * it carries the position and the filtered columns), and the part test drops those outside the
 * corridor without reading the table.
 */
function candidatesStatement(db: Executor, v: SearchValues) {
  const inParts = sql`(c.mask = ${ALL_PARTS} or ((c.mask >> ${partOfRow}) & 1) = 1)`;
  return db
    .select({
      id: sql<string>`found.id`,
      latitude: sql<number>`found.latitude`,
      longitude: sql<number>`found.longitude`,
    })
    .from(
      sql`unnest(${p('cells')}::int[], ${p('masks')}::int[]) as c(cell, mask)
      cross join lateral (
        select ${sp.id} as id, ${sp.latitude} as latitude, ${sp.longitude} as longitude from ${sp}
        where ${and(sql`${sp.searchCell} = c.cell`, ...filterConditions(v), inParts)}
      ) as found`,
    );
}

type Candidates = { id: string; latitude: number; longitude: number }[];
const statements = new WeakMap<
  object,
  Map<string, { execute(values: SearchValues): Promise<Candidates> }>
>();

/** The candidates' statement for this shape of filters, prepared once per database. */
function candidates(db: Executor, values: SearchValues): Promise<Candidates> {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const shape = Object.keys(values).sort().join(',');
  let prepared = byShape.get(shape);
  if (!prepared) {
    const statement = candidatesStatement(db, values);
    const name = `along_route_${createHash('sha1').update(statement.toSQL().sql).digest('hex').slice(0, 20)}`;
    prepared = statement.prepare(statementName(name));
    if (byShape.size >= 200) byShape.clear();
    byShape.set(shape, prepared);
  }
  return prepared.execute(values);
}

/** The SQL and values of one read of the candidates (for EXPLAIN). */
export function alongRouteQuery(
  db: Executor,
  route: PreparedRoute,
  filters: ProviderFilters,
): { sql: string; params: unknown[] } {
  const v: SearchValues = {};
  filterValues(filters, v);
  const cover = coverUpTo(route, Infinity);
  v.cells = `{${[...cover.keys()].join(',')}}`;
  v.masks = `{${[...cover.values()].join(',')}}`;
  const query = candidatesStatement(db, v).toSQL();
  return { sql: query.sql, params: fillPlaceholders(query.params, v) };
}

interface Placed {
  id: string;
  milesAlongRoute: number;
  milesOffRoute: number;
}

const byPlace = (a: Placed, b: Placed) =>
  a.milesAlongRoute - b.milesAlongRoute ||
  a.milesOffRoute - b.milesOffRoute ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The listed providers within the route's corridor matching the filters, nearest along the route
 * first, at most `limit`. The route is read a stretch at a time (10 miles, then 20, 40, …) and the
 * search stops once the stretch read holds more than a page: nothing beyond it can come first.
 */
export async function findAlongRoute(
  db: Executor,
  route: PreparedRoute,
  filters: ProviderFilters,
  limit: number,
  origin: LngLat,
): Promise<{ items: AlongRouteItem[]; truncated: boolean }> {
  const values: SearchValues = {};
  filterValues(filters, values);
  const read = new Map<number, number>();
  const found = new Map<string, Placed>();
  for (let stretch = FIRST_STRETCH_MILES; ; stretch *= 2) {
    const whole = stretch >= route.miles;
    const cells: number[] = [];
    const masks: number[] = [];
    for (const [cell, mask] of coverUpTo(route, whole ? Infinity : stretch)) {
      const fresh = mask & ~(read.get(cell) ?? 0);
      if (fresh === 0) continue;
      cells.push(cell);
      masks.push(fresh);
      read.set(cell, mask);
    }
    if (cells.length > 0) {
      const rows = await candidates(db, {
        ...values,
        cells: `{${cells.join(',')}}`,
        masks: `{${masks.join(',')}}`,
      });
      for (const row of rows) {
        const place = placeOnRoute(route, [row.longitude, row.latitude]);
        if (!place.behind && place.milesOffRoute <= route.corridorMiles)
          found.set(row.id, {
            id: row.id,
            milesAlongRoute: place.milesAlongRoute,
            milesOffRoute: place.milesOffRoute,
          });
      }
    }
    if (whole) break;
    let within = 0;
    for (const place of found.values()) if (place.milesAlongRoute <= stretch) within++;
    if (within > limit) break;
  }
  const placed = [...found.values()].sort(byPlace);
  const page = placed.slice(0, limit);
  return { items: await listItems(db, page, origin), truncated: placed.length > limit };
}

/** The list items of these providers, in their order, with where each lies on the route. */
async function listItems(db: Executor, page: Placed[], origin: LngLat): Promise<AlongRouteItem[]> {
  if (page.length === 0) return [];
  const rows = await db
    .select({
      id: sp.id,
      businessName: sp.businessName,
      serviceType: sp.serviceType,
      status: sp.status,
      rating: sp.rating,
      reviewCount: sp.reviewCount,
      city: sp.city,
      state: sp.state,
      latitude: sp.latitude,
      longitude: sp.longitude,
      visitFee: sp.visitFee,
      hourlyRate: sp.hourlyRate,
      phone: sp.phone,
      is24Hour: sp.is24Hour,
      acceptsAAA: sp.acceptsAAA,
      profileImage: sp.profileImage,
    })
    .from(sp)
    .where(
      inArray(
        sp.id,
        page.map((place) => place.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const round = (miles: number) => Math.round(miles * 100) / 100;
  return page.flatMap((place) => {
    const row = byId.get(place.id);
    if (!row || row.latitude === null || row.longitude === null) return [];
    return [
      {
        ...row,
        distance: round(
          haversineMiles(
            { latitude: origin[1], longitude: origin[0] },
            { latitude: row.latitude, longitude: row.longitude },
          ),
        ),
        milesAlongRoute: round(place.milesAlongRoute),
        milesOffRoute: round(place.milesOffRoute),
      },
    ];
  });
}
