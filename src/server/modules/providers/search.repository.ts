import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../../core/geo.ts';
import {
  SEARCH_DEFAULT_RADIUS_MILES,
  type ProviderResult,
  type ProviderSearch,
  type Review,
} from '../../../core/providers/search.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, reviews, serviceProviders as sp, users } from '../../db/schema/index.ts';
import { providerColumns, toProvider } from './providers.repository.ts';
import { boundingBox, coverCircle } from './search-cells.ts';

/** `%`, `_` and `\` typed by a user match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The haversine term: sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2); within r miles ⇔ ≤ sin²(r / 2R). */
function haversineTerm(
  latitude: number,
  longitude: number,
  of: { latitude: SQLWrapper; longitude: SQLWrapper } = sp,
): SQL<number> {
  const cosCentre = Math.cos((latitude * Math.PI) / 180);
  return sql<number>`(power(sin(radians(${of.latitude} - ${latitude}::float8) / 2), 2)
    + ${cosCentre}::float8 * cos(radians(${of.latitude})) * power(sin(radians(${of.longitude} - ${longitude}::float8) / 2), 2))`;
}

const distanceMiles = (term: SQL<number>) =>
  sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(${term}))))`;

/** The order of service_providers_search_idx and _rank_idx (rating is never null). */
const availableFirst = sql`(${sp.status} = 'available') desc`;
const bestRated = sql`${sp.rating} desc nulls last`;

/** Approved and not suspended: the predicate of both search indexes. */
const listed = sql`${sp.verification} = 'approved' and ${sp.suspendedAt} is null`;

/** Whether drivers may see and book this provider. */
export async function isListed(exec: Executor, providerId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: sp.id })
    .from(sp)
    .where(and(eq(sp.id, providerId), listed));
  return row !== undefined;
}

function filterConditions(search: ProviderSearch): SQL[] {
  const conditions: (SQL | undefined)[] = [listed];
  if (search.q) {
    const pattern = `%${escapeLike(search.q)}%`;
    conditions.push(
      sql`(${sp.businessName} ilike ${pattern} escape '\\' or ${sp.description} ilike ${pattern} escape '\\'
        or ${sp.city} ilike ${pattern} escape '\\' or ${sp.specialties}::text ilike ${pattern} escape '\\')`,
    );
  }
  if (search.serviceType && search.serviceType !== 'all')
    conditions.push(eq(sp.serviceType, search.serviceType));
  if (search.status && search.status !== 'all') conditions.push(eq(sp.status, search.status));
  if (search.minRating !== undefined) conditions.push(gte(sp.rating, search.minRating));
  if (search.minFee !== undefined) conditions.push(gte(sp.visitFee, search.minFee));
  if (search.maxFee !== undefined) conditions.push(lte(sp.visitFee, search.maxFee));
  if (search.is24Hour) conditions.push(eq(sp.is24Hour, true));
  if (search.acceptsAAA) conditions.push(eq(sp.acceptsAAA, true));
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * The ids of the best `limit` providers inside the circle. The circle is covered by grid cells
 * (search-cells.ts); service_providers_search_idx lists each cell's approved providers available
 * first, then by rating, so each cell yields its own best `limit` (with ties) after reading little
 * more than that, and only those candidates are ranked by distance. See docs/decisions/007.
 */
function rankedInCircle(
  search: ProviderSearch,
  latitude: number,
  longitude: number,
  radius: number,
) {
  const term = haversineTerm(latitude, longitude);
  const cover = coverCircle(latitude, longitude, radius);
  // Comparisons first: a row outside the circle's box is dropped without trigonometry.
  const box = boundingBox(latitude, longitude, radius);
  const boxTest = box
    ? sql`${sp.latitude} between ${box.south}::float8 and ${box.north}::float8
        and ${sp.longitude} between ${box.west}::float8 and ${box.east}::float8 and`
    : sql``;
  // One cell per span when the circle is city-sized: `=` lets each read follow the index's order.
  const spans =
    cover.kind === 'cells'
      ? cover.cells.map(({ cell, inside }) => [cell, cell, inside] as const)
      : cover.ranges.map(([from, to]) => [from, to, false] as const);
  const array = (values: (number | boolean)[]) => `{${values.join(',')}}`;
  const inSpan =
    cover.kind === 'cells'
      ? sql`${sp.searchCell} = span.first_cell`
      : sql`${sp.searchCell} between span.first_cell and span.last_cell`;
  return sql`select best.id from
    unnest(${array(spans.map((s) => s[0]))}::int[], ${array(spans.map((s) => s[1]))}::int[],
           ${array(spans.map((s) => s[2]))}::bool[]) as span(first_cell, last_cell, inside)
    cross join lateral (
      select ${sp.id}, ${sp.status}, ${sp.rating}, ${sp.latitude}, ${sp.longitude} from ${sp}
      where ${and(
        inSpan,
        ...filterConditions(search),
        sql`(span.inside or (${boxTest} ${term} <= ${Math.sin(radius / (2 * EARTH_RADIUS_MILES)) ** 2}::float8))`,
      )}
      order by ${availableFirst}, ${bestRated} fetch first ${search.limit} rows with ties
    ) as best
    order by (best.status = 'available') desc, best.rating desc, ${haversineTerm(latitude, longitude, { latitude: sql`best.latitude`, longitude: sql`best.longitude` })}, best.id
    limit ${search.limit}`;
}

/**
 * Approved providers matching the search, best first: available first, then rating, then
 * distance. With coordinates, only those within the radius (great circle, R = 3959), each with its
 * distance in miles.
 */
export function searchQuery(db: Executor, search: ProviderSearch) {
  const located = search.latitude !== undefined && search.longitude !== undefined;
  const distance = located
    ? distanceMiles(haversineTerm(search.latitude!, search.longitude!))
    : sql<null>`null::float8`;
  const where = located
    ? sql`${sp.id} in (${rankedInCircle(
        search,
        search.latitude!,
        search.longitude!,
        search.radius ?? SEARCH_DEFAULT_RADIUS_MILES,
      )})`
    : and(...filterConditions(search));

  return db
    .select({ ...providerColumns, distance })
    .from(sp)
    .where(where)
    .orderBy(availableFirst, bestRated, sql`${distance} asc nulls last`, asc(sp.id))
    .limit(search.limit);
}

export async function searchProviders(
  db: Executor,
  search: ProviderSearch,
): Promise<ProviderResult[]> {
  const query = searchQuery(db, search);
  // A named statement per query shape (its text; the values are parameters): PostgreSQL parses
  // it once per connection instead of once per search.
  const name = `search_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`;
  const rows = await query.prepare(name).execute();
  return rows.map((row) =>
    Object.assign(toProvider(row), {
      distance: row.distance === null ? null : Number(row.distance),
    }),
  );
}

export async function findProviderById(db: Executor, id: string) {
  const [row] = await db.select(providerColumns).from(sp).where(eq(sp.id, id)).limit(1);
  return row ? toProvider(row) : null;
}

/** The newest reviews of a provider, with the reviewer's first name and last initial only. */
export async function recentReviews(
  db: Executor,
  providerId: string,
  limit = 10,
): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews, name: users.name, serviceType: bookings.serviceType })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.driverId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map(({ review, name, serviceType }) => ({
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    driverName: shortName(name),
    serviceType,
    createdAt: review.createdAt.toISOString(),
  }));
}

const shortName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]}.` : (first ?? 'Driver');
};
