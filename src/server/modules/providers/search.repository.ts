import { createHash } from 'node:crypto';
import { and, asc, eq, fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../../core/geo.ts';
import {
  SEARCH_DEFAULT_RADIUS_MILES,
  type ProviderFilters,
  type ProviderSearch,
  type ProviderSummary,
  type SearchAnswerItem,
  type SearchCursor,
} from '../../../core/providers/search.ts';
import { keepParsed, statementName, type Executor } from '../../db/client.ts';
import { serviceProviders as sp } from '../../db/schema/index.ts';
import { providerColumns, toProvider } from './providers.repository.ts';
import { boundingBox, coverCircle } from './search-cells.ts';

/** `%`, `_` and `\` typed by a user match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search runs as one of a few prepared statements: the values of a search (`SearchValues`) are
 * its parameters, and which of them are present (a text filter, a cursor, the shape of the circle's
 * cover) picks the statement. Each statement's SQL is built once per app server and parsed once per
 * database connection, so a search costs the database's work and little else
 * (docs/decisions/023-search-cache-and-lean-path.md).
 */
export type SearchValues = Record<string, string | number | boolean>;
const p = (name: string) => sql.placeholder(name);

/** The haversine term: sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2); within r miles ⇔ ≤ sin²(r / 2R). */
function haversineTerm(of: { latitude: SQLWrapper; longitude: SQLWrapper } = sp): SQL<number> {
  return sql<number>`(power(sin(radians(${of.latitude} - ${p('latitude')}::float8) / 2), 2)
    + ${p('cosLatitude')}::float8 * cos(radians(${of.latitude})) * power(sin(radians(${of.longitude} - ${p('longitude')}::float8) / 2), 2))`;
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

export function filterValues(search: ProviderFilters, v: SearchValues) {
  if (search.q) v.pattern = `%${escapeLike(search.q)}%`;
  if (search.serviceType && search.serviceType !== 'all') v.serviceType = search.serviceType;
  if (search.status && search.status !== 'all') v.status = search.status;
  if (search.minRating !== undefined) v.minRating = search.minRating;
  if (search.minFee !== undefined) v.minFee = search.minFee;
  if (search.maxFee !== undefined) v.maxFee = search.maxFee;
  if (search.is24Hour) v.is24Hour = true;
  if (search.acceptsAAA) v.acceptsAAA = true;
}

export function filterConditions(v: SearchValues): SQL[] {
  const conditions: SQL[] = [listed];
  if ('pattern' in v) {
    const pattern = p('pattern');
    conditions.push(
      sql`(${sp.businessName} ilike ${pattern} escape '\\' or ${sp.description} ilike ${pattern} escape '\\'
        or ${sp.city} ilike ${pattern} escape '\\' or ${sp.specialties}::text ilike ${pattern} escape '\\')`,
    );
  }
  if ('serviceType' in v) conditions.push(sql`${sp.serviceType} = ${p('serviceType')}`);
  if ('status' in v) conditions.push(sql`${sp.status} = ${p('status')}`);
  if ('minRating' in v) conditions.push(sql`${sp.rating} >= ${p('minRating')}::numeric`);
  if ('minFee' in v) conditions.push(sql`${sp.visitFee} >= ${p('minFee')}::numeric`);
  if ('maxFee' in v) conditions.push(sql`${sp.visitFee} <= ${p('maxFee')}::numeric`);
  if ('is24Hour' in v) conditions.push(sql`${sp.is24Hour}`);
  if ('acceptsAAA' in v) conditions.push(sql`${sp.acceptsAAA}`);
  return conditions;
}

function cursorValues(cursor: SearchCursor, v: SearchValues) {
  v.afterAvailable = cursor.available;
  v.afterRating = cursor.rating;
  if (cursor.rank !== null) v.afterRank = cursor.rank;
  v.afterId = cursor.id;
}

/**
 * Providers after the cursor in the list's order. The row comparison is the btree bound (both
 * search indexes start with available desc, rating desc, so a later page's scan starts at the
 * cursor's group); the rest decides within that group by distance, then id.
 */
function afterCursor(v: SearchValues, term: SQL<number> | null): SQL {
  const tail =
    term && 'afterRank' in v
      ? sql`${term} > ${p('afterRank')}::float8 or (${term} = ${p('afterRank')}::float8 and ${sp.id} > ${p('afterId')}::uuid)`
      : sql`${sp.id} > ${p('afterId')}::uuid`;
  return sql`((${sp.status} = 'available'), ${sp.rating}) <= (${p('afterAvailable')}::boolean, ${p('afterRating')}::numeric)
    and ((${sp.status} = 'available') < ${p('afterAvailable')}::boolean or ${sp.rating} < ${p('afterRating')}::numeric or ${tail})`;
}

/** The circle's values: its centre, its size, the grid cells covering it and its bounding box. */
function circleValues(latitude: number, longitude: number, radius: number, v: SearchValues) {
  v.latitude = latitude;
  v.longitude = longitude;
  v.cosLatitude = Math.cos((latitude * Math.PI) / 180);
  v.within = Math.sin(radius / (2 * EARTH_RADIUS_MILES)) ** 2;
  const cover = coverCircle(latitude, longitude, radius);
  // One cell per span when the circle is city-sized: `=` lets each read follow the index's order.
  const spans =
    cover.kind === 'cells'
      ? cover.cells.map(({ cell, inside }) => [cell, cell, inside] as const)
      : cover.ranges.map(([from, to]) => [from, to, false] as const);
  const array = (values: (number | boolean)[]) => `{${values.join(',')}}`;
  v[cover.kind === 'cells' ? 'spanCells' : 'spanRanges'] = true;
  v.firstCells = array(spans.map((s) => s[0]));
  v.lastCells = array(spans.map((s) => s[1]));
  v.insideCells = array(spans.map((s) => s[2]));
  const box = boundingBox(latitude, longitude, radius);
  if (box) Object.assign(v, { south: box.south, north: box.north, west: box.west, east: box.east });
}

/**
 * The approved providers inside the circle that match the filters: the grid cells covering it
 * (search-cells.ts) as `span`, and the condition on each cell's providers. Cells wholly inside the
 * circle need no distance test.
 */
function inCircle(v: SearchValues, extra?: SQL) {
  const term = haversineTerm();
  // Comparisons first: a row outside the circle's box is dropped without trigonometry.
  const boxTest =
    'south' in v
      ? sql`${sp.latitude} between ${p('south')}::float8 and ${p('north')}::float8
        and ${sp.longitude} between ${p('west')}::float8 and ${p('east')}::float8 and`
      : sql``;
  const inSpan =
    'spanCells' in v
      ? sql`${sp.searchCell} = span.first_cell`
      : sql`${sp.searchCell} between span.first_cell and span.last_cell`;
  return {
    spans: sql`unnest(${p('firstCells')}::int[], ${p('lastCells')}::int[],
           ${p('insideCells')}::bool[]) as span(first_cell, last_cell, inside)`,
    where: and(
      inSpan,
      ...filterConditions(v),
      sql`(span.inside or (${boxTest} ${term} <= ${p('within')}::float8))`,
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
function rankedInCircle(v: SearchValues) {
  const term = haversineTerm();
  const after = 'afterId' in v ? afterCursor(v, term) : undefined;
  const circle = inCircle(v, after);
  return sql`select best.id from ${circle.spans}
    cross join lateral (
      select ${sp.id}, ${sp.status}, ${sp.rating}, ${sp.latitude}, ${sp.longitude} from ${sp}
      where ${circle.where}
      order by ${availableFirst}, ${bestRated} fetch first ${p('take')} rows with ties
    ) as best
    order by (best.status = 'available') desc, best.rating desc, ${haversineTerm({ latitude: sql`best.latitude`, longitude: sql`best.longitude` })}, best.id
    limit ${p('take')}`;
}

/** The values of a search of the list (one row more than the page: is there another page?). */
function searchValues(search: ProviderSearch): SearchValues {
  const v: SearchValues = { limit: search.limit, take: search.limit + 1 };
  if (search.latitude !== undefined && search.longitude !== undefined)
    circleValues(
      search.latitude,
      search.longitude,
      search.radius ?? SEARCH_DEFAULT_RADIUS_MILES,
      v,
    );
  filterValues(search, v);
  if (search.cursor) cursorValues(search.cursor, v);
  return v;
}

/**
 * The parts of the search both answers share: approved providers matching the search, best first
 * (available first, then rating, then distance, then id), after the cursor when there is one. With
 * coordinates, only those within the radius (great circle, R = 3959), each with its distance in
 * miles and its haversine term (`rank`, the cursor's distance key).
 */
function searchParts(v: SearchValues) {
  if (!('latitude' in v)) {
    const after = 'afterId' in v ? afterCursor(v, null) : undefined;
    return {
      where: and(...filterConditions(v), after),
      orderBy: [availableFirst, bestRated, asc(sp.id)],
      distance: sql<number | null>`null::float8`,
      rank: sql<number | null>`null::float8`,
    };
  }
  const term = haversineTerm();
  return {
    where: sql`${sp.id} in (${rankedInCircle(v)})`,
    orderBy: [availableFirst, bestRated, sql`${term} asc`, asc(sp.id)],
    distance: distanceMiles(term) as SQL<number | null>,
    rank: term as SQL<number | null>,
  };
}

function fullQuery(db: Executor, v: SearchValues) {
  const parts = searchParts(v);
  return db
    .select({ ...providerColumns, distance: parts.distance, rank: parts.rank })
    .from(sp)
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .limit(p('take'));
}

/** A list item's fields as PostgreSQL writes them into the answer's JSON (money as numbers). */
const cardJson = sql.raw(
  [
    ['id', 'id'],
    ['businessName', 'business_name'],
    ['serviceType', 'service_type'],
    ['status', 'status'],
    ['rating', 'rating::float8'],
    ['reviewCount', 'review_count'],
    ['city', 'city'],
    ['state', 'state'],
    ['latitude', 'latitude'],
    ['longitude', 'longitude'],
    ['visitFee', 'visit_fee::float8'],
    ['hourlyRate', 'hourly_rate::float8'],
    ['phone', 'phone'],
    ['is24Hour', 'is_24_hour'],
    ['acceptsAAA', 'accepts_aaa'],
    ['profileImage', 'profile_image'],
    ['distance', 'distance'],
  ]
    .map(([key, column]) => `'${key}', page.${column}`)
    .join(', '),
);

/**
 * The page of list items as one JSON array written by PostgreSQL (Node passes the text on instead
 * of reading and writing 50 rows), with whether another page follows and the last item's keys
 * for its cursor.
 */
function cardPageJson(db: Executor, v: SearchValues) {
  const parts = searchParts(v);
  const page = sql`select ${sp.id} as id, ${sp.businessName} as business_name,
      ${sp.serviceType} as service_type, ${sp.status} as status, ${sp.rating} as rating,
      ${sp.reviewCount} as review_count, ${sp.city} as city, ${sp.state} as state,
      ${sp.latitude} as latitude, ${sp.longitude} as longitude, ${sp.visitFee} as visit_fee,
      ${sp.hourlyRate} as hourly_rate, ${sp.phone} as phone, ${sp.is24Hour} as is_24_hour,
      ${sp.acceptsAAA} as accepts_aaa, ${sp.profileImage} as profile_image,
      ${parts.distance} as distance, ${parts.rank} as rank,
      row_number() over (order by ${sql.join(parts.orderBy, sql`, `)}) as ord
    from ${sp} where ${parts.where}
    order by ${sql.join(parts.orderBy, sql`, `)} limit ${p('take')}`;
  const last = sql`page.ord = ${p('limit')}`;
  return db
    .select({
      items: sql<string>`coalesce(json_agg(json_build_object(${cardJson}) order by page.ord)
        filter (where page.ord <= ${p('limit')}), '[]')::text`,
      more: sql<boolean>`count(*) > ${p('limit')}`,
      lastAvailable: sql<boolean | null>`bool_or(page.status = 'available') filter (where ${last})`,
      lastRating: sql<string | null>`max(page.rating) filter (where ${last})`,
      lastRank: sql<number | null>`max(page.rank) filter (where ${last})`,
      lastId: sql<string | null>`max(page.id::text) filter (where ${last})`,
    })
    .from(sql`(${page}) as page`);
}

/** The values of the summary counts: those of the list without paging. */
function summaryValues(filters: ProviderFilters): SearchValues {
  const v: SearchValues = {};
  if (filters.latitude !== undefined && filters.longitude !== undefined)
    circleValues(
      filters.latitude,
      filters.longitude,
      filters.radius ?? SEARCH_DEFAULT_RADIUS_MILES,
      v,
    );
  filterValues(filters, v);
  return v;
}

/** The summary counts of the providers a search finds, all pages together, in one aggregate. */
function summaryStatement(db: Executor, v: SearchValues) {
  const counts = (of: { status: SQL; serviceType: SQL; acceptsAAA: SQL }) => ({
    total: sql<number>`count(*)::int`,
    available: sql<number>`(count(*) filter (where ${of.status} = 'available'))::int`,
    mobileMechanic: sql<number>`(count(*) filter (where ${of.serviceType} = 'mobile_mechanic'))::int`,
    tireShop: sql<number>`(count(*) filter (where ${of.serviceType} = 'tire_shop'))::int`,
    towing: sql<number>`(count(*) filter (where ${of.serviceType} = 'towing'))::int`,
    acceptsAAA: sql<number>`(count(*) filter (where ${of.acceptsAAA}))::int`,
  });
  if (!('latitude' in v))
    return db
      .select(
        counts({
          status: sql`${sp.status}`,
          serviceType: sql`${sp.serviceType}`,
          acceptsAAA: sql`${sp.acceptsAAA}`,
        }),
      )
      .from(sp)
      .where(and(...filterConditions(v)));
  const circle = inCircle(v);
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

interface Statement<R> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: SearchValues): Promise<R> };
}

/** Prepared statements per database and shape; a shape is the names of a search's values. */
const statements = new WeakMap<
  object,
  Map<string, { execute(values: SearchValues): Promise<unknown> }>
>();
const MAX_STATEMENTS = 500;

/**
 * Runs `build`'s statement for these values: built and prepared the first time its shape is seen,
 * named after its text so PostgreSQL parses it once per connection (the embedded database once).
 */
function run<R>(
  db: Executor,
  kind: string,
  values: SearchValues,
  build: (db: Executor, v: SearchValues) => Statement<R>,
): Promise<R> {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const shape = `${kind}:${Object.keys(values).join(',')}`;
  let prepared = byShape.get(shape) as { execute(values: SearchValues): Promise<R> } | undefined;
  if (!prepared) {
    const statement = build(db, values);
    const text = statement.toSQL().sql;
    const name = `${kind}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    keepParsed(db, text);
    prepared = statement.prepare(statementName(name));
    if (byShape.size >= MAX_STATEMENTS) byShape.clear();
    byShape.set(shape, prepared);
  }
  return prepared.execute(values);
}

/** A statement with its values filled in, as sent to the database (for EXPLAIN). */
function filled(statement: { toSQL(): { sql: string; params: unknown[] } }, values: SearchValues) {
  const query = statement.toSQL();
  return {
    sql: query.sql,
    params: fillPlaceholders(query.params, values),
  };
}

/** The search's SQL and parameters: list items, or whole providers with `fields=full`. */
export function searchQuery(db: Executor, search: ProviderSearch) {
  const values = searchValues(search);
  return filled(
    search.fields === 'full' ? fullQuery(db, values) : cardPageJson(db, values),
    values,
  );
}

/** The summary's SQL and parameters. */
export function summaryQuery(db: Executor, filters: ProviderFilters) {
  const values = summaryValues(filters);
  return filled(summaryStatement(db, values), values);
}

const distanceOf = (value: number | null) => (value === null ? null : Number(value));

export interface SearchPage {
  items: SearchAnswerItem[];
  /** Where the next page starts; null on the last page. */
  next: SearchCursor | null;
}

/** A page of list items as the answer's JSON text, and where the next page starts. */
export interface SearchPageJson {
  json: string;
  next: SearchCursor | null;
}

/** The cursor after a page's last item: its group (available, rating), distance key and id. */
const cursorAfter = (last: {
  available: boolean;
  rating: number | string;
  rank: number | string | null;
  id: string;
}): SearchCursor => ({
  available: last.available,
  rating: Number(last.rating),
  rank: last.rank === null ? null : Number(last.rank),
  id: last.id,
});

/** One page of list items (`fields=card`), written as JSON by the database. */
export async function searchCardsJson(
  db: Executor,
  search: ProviderSearch,
): Promise<SearchPageJson> {
  const [row] = await run(db, 'search_cards', searchValues(search), cardPageJson);
  return {
    json: row?.items ?? '[]',
    next:
      row?.more && row.lastId !== null && row.lastRating !== null
        ? cursorAfter({
            available: row.lastAvailable === true,
            rating: row.lastRating,
            rank: row.lastRank,
            id: row.lastId,
          })
        : null,
  };
}

/** One page of the list as values: list items, or whole providers with `fields=full`. */
export async function searchProviders(db: Executor, search: ProviderSearch): Promise<SearchPage> {
  if (search.fields !== 'full') {
    const page = await searchCardsJson(db, search);
    return { items: JSON.parse(page.json) as SearchAnswerItem[], next: page.next };
  }
  const rows = (await run(db, 'search', searchValues(search), fullQuery)).map((row) => ({
    item: Object.assign(toProvider(row), { distance: distanceOf(row.distance) }),
    rank: row.rank,
  }));
  const more = rows.length > search.limit;
  const page = more ? rows.slice(0, search.limit) : rows;
  const last = page.at(-1);
  return {
    items: page.map((r) => r.item),
    next:
      more && last
        ? cursorAfter({
            available: last.item.status === 'available',
            rating: last.item.rating,
            rank: last.rank,
            id: last.item.id,
          })
        : null,
  };
}

export async function summarizeProviders(
  db: Executor,
  filters: ProviderFilters,
): Promise<ProviderSummary> {
  const [row] = await run(db, 'search_summary', summaryValues(filters), summaryStatement);
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
