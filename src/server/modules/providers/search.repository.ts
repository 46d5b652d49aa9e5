import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../../core/geo.ts';
import {
  SEARCH_DEFAULT_RADIUS_MILES,
  type ProviderFilters,
  type ProviderListItem,
  type ProviderSearch,
  type ProviderSummary,
  type Review,
  type SearchAnswerItem,
  type SearchCursor,
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

function filterConditions(search: ProviderFilters): SQL[] {
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
 * Providers after the cursor in the list's order. The row comparison is the btree bound (both
 * search indexes start with available desc, rating desc, so a later page's scan starts at the
 * cursor's group); the rest decides within that group by distance, then id.
 */
function afterCursor(cursor: SearchCursor, term: SQL<number> | null): SQL {
  const tail =
    term && cursor.rank !== null
      ? sql`${term} > ${cursor.rank}::float8 or (${term} = ${cursor.rank}::float8 and ${sp.id} > ${cursor.id}::uuid)`
      : sql`${sp.id} > ${cursor.id}::uuid`;
  return sql`((${sp.status} = 'available'), ${sp.rating}) <= (${cursor.available}::boolean, ${cursor.rating}::numeric)
    and ((${sp.status} = 'available') < ${cursor.available}::boolean or ${sp.rating} < ${cursor.rating}::numeric or ${tail})`;
}

/**
 * The approved providers inside the circle that match the filters: the grid cells covering it
 * (search-cells.ts) as `span`, and the condition on each cell's providers. Cells wholly inside the
 * circle need no distance test.
 */
function inCircle(
  filters: ProviderFilters,
  latitude: number,
  longitude: number,
  radius: number,
  extra?: SQL,
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
  return {
    spans: sql`unnest(${array(spans.map((s) => s[0]))}::int[], ${array(spans.map((s) => s[1]))}::int[],
           ${array(spans.map((s) => s[2]))}::bool[]) as span(first_cell, last_cell, inside)`,
    where: and(
      inSpan,
      ...filterConditions(filters),
      sql`(span.inside or (${boxTest} ${term} <= ${Math.sin(radius / (2 * EARTH_RADIUS_MILES)) ** 2}::float8))`,
      extra,
    ),
  };
}

/**
 * The ids of the best `take` providers inside the circle (after the cursor, for a later page).
 * service_providers_search_idx lists each cell's approved providers available first, then by
 * rating, so each cell yields its own best `take` (with ties) after reading little more than that,
 * and only those candidates are ranked by distance. See docs/decisions/007.
 */
function rankedInCircle(
  search: ProviderSearch,
  latitude: number,
  longitude: number,
  radius: number,
  take: number,
) {
  const term = haversineTerm(latitude, longitude);
  const after = search.cursor ? afterCursor(search.cursor, term) : undefined;
  const circle = inCircle(search, latitude, longitude, radius, after);
  return sql`select best.id from ${circle.spans}
    cross join lateral (
      select ${sp.id}, ${sp.status}, ${sp.rating}, ${sp.latitude}, ${sp.longitude} from ${sp}
      where ${circle.where}
      order by ${availableFirst}, ${bestRated} fetch first ${take} rows with ties
    ) as best
    order by (best.status = 'available') desc, best.rating desc, ${haversineTerm(latitude, longitude, { latitude: sql`best.latitude`, longitude: sql`best.longitude` })}, best.id
    limit ${take}`;
}

/** What a card and a map marker show: the columns of a list item. */
const cardColumns = {
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
};

/**
 * The parts of the search both answers share: approved providers matching the search, best first
 * (available first, then rating, then distance, then id), after the cursor when there is one. With
 * coordinates, only those within the radius (great circle, R = 3959), each with its distance in
 * miles and its haversine term (`rank`, the cursor's distance key). One row more than the page, so
 * the answer knows whether another page follows.
 */
function searchParts(search: ProviderSearch) {
  const take = search.limit + 1;
  if (search.latitude === undefined || search.longitude === undefined) {
    const after = search.cursor ? afterCursor(search.cursor, null) : undefined;
    return {
      where: and(...filterConditions(search), after),
      orderBy: [availableFirst, bestRated, asc(sp.id)],
      distance: sql<number | null>`null::float8`,
      rank: sql<number | null>`null::float8`,
      take,
    };
  }
  const term = haversineTerm(search.latitude, search.longitude);
  return {
    where: sql`${sp.id} in (${rankedInCircle(
      search,
      search.latitude,
      search.longitude,
      search.radius ?? SEARCH_DEFAULT_RADIUS_MILES,
      take,
    )})`,
    orderBy: [availableFirst, bestRated, sql`${term} asc`, asc(sp.id)],
    distance: distanceMiles(term) as SQL<number | null>,
    rank: term as SQL<number | null>,
    take,
  };
}

function cardQuery(db: Executor, search: ProviderSearch) {
  const p = searchParts(search);
  return db
    .select({ ...cardColumns, distance: p.distance, rank: p.rank })
    .from(sp)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.take);
}

function fullQuery(db: Executor, search: ProviderSearch) {
  const p = searchParts(search);
  return db
    .select({ ...providerColumns, distance: p.distance, rank: p.rank })
    .from(sp)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.take);
}

/** The search's SQL: list items, or whole providers with `fields=full`. */
export const searchQuery = (db: Executor, search: ProviderSearch) =>
  search.fields === 'full' ? fullQuery(db, search) : cardQuery(db, search);

/**
 * A named statement per query shape (its text; the values are parameters): PostgreSQL parses it
 * once per connection instead of once per search.
 */
const statementName = (kind: string, query: { toSQL(): { sql: string } }) =>
  `${kind}_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`;

const execute = <R>(
  query: {
    toSQL(): { sql: string };
    prepare(name: string): { execute(): Promise<R> };
  },
  kind: string,
): Promise<R> => query.prepare(statementName(kind, query)).execute();

const distanceOf = (value: number | null) => (value === null ? null : Number(value));

export interface SearchPage {
  items: SearchAnswerItem[];
  /** Where the next page starts; null on the last page. */
  next: SearchCursor | null;
}

export async function searchProviders(db: Executor, search: ProviderSearch): Promise<SearchPage> {
  const rows =
    search.fields === 'full'
      ? (await execute(fullQuery(db, search), 'search')).map((row) => ({
          item: Object.assign(toProvider(row), { distance: distanceOf(row.distance) }),
          rank: row.rank,
        }))
      : (await execute(cardQuery(db, search), 'search_card')).map(({ rank, distance, ...row }) => ({
          item: { ...row, distance: distanceOf(distance) } satisfies ProviderListItem,
          rank,
        }));
  const more = rows.length > search.limit;
  const page = more ? rows.slice(0, search.limit) : rows;
  const last = page.at(-1);
  return {
    items: page.map((r) => r.item),
    next:
      more && last
        ? {
            available: last.item.status === 'available',
            rating: last.item.rating,
            rank: last.rank === null ? null : Number(last.rank),
            id: last.item.id,
          }
        : null,
  };
}

/** The summary counts of the providers a search finds, all pages together, in one aggregate. */
export function summaryQuery(db: Executor, filters: ProviderFilters) {
  const counts = (of: { status: SQL; serviceType: SQL; acceptsAAA: SQL }) => ({
    total: sql<number>`count(*)::int`,
    available: sql<number>`(count(*) filter (where ${of.status} = 'available'))::int`,
    mobileMechanic: sql<number>`(count(*) filter (where ${of.serviceType} = 'mobile_mechanic'))::int`,
    tireShop: sql<number>`(count(*) filter (where ${of.serviceType} = 'tire_shop'))::int`,
    towing: sql<number>`(count(*) filter (where ${of.serviceType} = 'towing'))::int`,
    acceptsAAA: sql<number>`(count(*) filter (where ${of.acceptsAAA}))::int`,
  });
  if (filters.latitude === undefined || filters.longitude === undefined)
    return db
      .select(
        counts({
          status: sql`${sp.status}`,
          serviceType: sql`${sp.serviceType}`,
          acceptsAAA: sql`${sp.acceptsAAA}`,
        }),
      )
      .from(sp)
      .where(and(...filterConditions(filters)));
  const circle = inCircle(
    filters,
    filters.latitude,
    filters.longitude,
    filters.radius ?? SEARCH_DEFAULT_RADIUS_MILES,
  );
  return db
    .select(
      counts({
        status: sql`found.status`,
        serviceType: sql`found.service_type`,
        acceptsAAA: sql`found.accepts_aaa`,
      }),
    )
    .from(
      sql`${circle.spans} cross join lateral (
        select ${sp.status}, ${sp.serviceType}, ${sp.acceptsAAA} from ${sp} where ${circle.where}
      ) as found`,
    );
}

export async function summarizeProviders(
  db: Executor,
  filters: ProviderFilters,
): Promise<ProviderSummary> {
  const [row] = await execute(summaryQuery(db, filters), 'search_summary');
  return {
    total: row?.total ?? 0,
    available: row?.available ?? 0,
    byServiceType: {
      mobile_mechanic: row?.mobileMechanic ?? 0,
      tire_shop: row?.tireShop ?? 0,
      towing: row?.towing ?? 0,
    },
    acceptsAAA: row?.acceptsAAA ?? 0,
  };
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
