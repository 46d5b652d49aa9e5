import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../../core/geo.ts';
import {
  SEARCH_DEFAULT_RADIUS_MILES,
  type ProviderResult,
  type ProviderSearch,
  type Review,
} from '../../../core/providers/search.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, reviews, serviceProviders as sp, users } from '../../db/schema/index.ts';
import { toProvider } from './providers.repository.ts';

/** earthdistance measures on a sphere of earth() = 6 378 168 m; our miles are on R = 3959. */
const EARTHDISTANCE_RADIUS_M = 6_378_168;
const lat = sql`${sp.latitude}::float8`;
const lng = sql`${sp.longitude}::float8`;

/** `%`, `_` and `\` typed by a user match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function haversineMiles(latitude: number, longitude: number): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${latitude}) / 2), 2)
    + cos(radians(${latitude}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${longitude}) / 2), 2)))))`;
}

/**
 * Approved providers matching the search, best first, in one query. With coordinates the GiST
 * index on ll_to_earth(latitude, longitude) narrows to a box around the circle, and the exact
 * great-circle distance then keeps only those inside it.
 */
export function searchQuery(db: Executor, search: ProviderSearch) {
  const conditions: (SQL | undefined)[] = [eq(sp.verification, 'approved')];
  let distance: SQL<number | null> = sql<null>`null::float8`;

  if (search.latitude !== undefined && search.longitude !== undefined) {
    const radius = search.radius ?? SEARCH_DEFAULT_RADIUS_MILES;
    // A hair wider than the circle, so rounding never drops a provider right on its edge.
    const boxMeters = (radius / EARTH_RADIUS_MILES) * EARTHDISTANCE_RADIUS_M * 1.0001;
    distance = haversineMiles(search.latitude, search.longitude);
    conditions.push(
      sql`earth_box(ll_to_earth(${search.latitude}::float8, ${search.longitude}::float8), ${boxMeters}::float8) @> ll_to_earth(${lat}, ${lng})`,
      sql`${distance} <= ${radius}::float8`,
    );
  }
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

  return db
    .select({ provider: sp, distance })
    .from(sp)
    .where(and(...conditions))
    .orderBy(
      desc(sql`${sp.status} = 'available'`),
      desc(sp.rating),
      sql`${distance} asc nulls last`,
      asc(sp.id),
    )
    .limit(search.limit);
}

export async function searchProviders(
  db: Executor,
  search: ProviderSearch,
): Promise<ProviderResult[]> {
  const rows = await searchQuery(db, search);
  return rows.map((row) => ({
    ...toProvider(row.provider),
    distance: row.distance === null ? null : Number(row.distance),
  }));
}

export async function findProviderById(db: Executor, id: string) {
  const [row] = await db.select().from(sp).where(eq(sp.id, id)).limit(1);
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
