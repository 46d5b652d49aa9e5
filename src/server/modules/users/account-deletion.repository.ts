import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, payments, reviews, users } from '../../db/schema/index.ts';

const OPEN = ['pending', 'confirmed', 'in_progress'] as const;

/** Bookings still under way, as the driver or on the user's business. */
export async function countOpenBookings(db: Executor, userId: string, businessId: string | null) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, OPEN),
        businessId
          ? sql`(${bookings.driverId} = ${userId} or ${bookings.providerId} = ${businessId})`
          : eq(bookings.driverId, userId),
      ),
    );
  return row?.n ?? 0;
}

/** Whether anything others keep a record of points at the user: jobs done, reviews, payments. */
export async function hasHistory(db: Executor, userId: string, businessId: string | null) {
  const found = await Promise.all([
    db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.driverId, userId), eq(bookings.status, 'completed')))
      .limit(1),
    db.select({ id: reviews.id }).from(reviews).where(eq(reviews.driverId, userId)).limit(1),
    db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)).limit(1),
    businessId ? businessHasHistory(db, businessId).then((yes) => (yes ? [1] : [])) : [],
  ]);
  return found.some((rows) => rows.length > 0);
}

/** Whether a business has jobs done that drivers and the operator keep a record of. */
export async function businessHasHistory(db: Executor, businessId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.providerId, businessId), eq(bookings.status, 'completed')))
    .limit(1);
  return !!row;
}

/** Removes the account and, through the foreign keys, everything that is only its own. */
export const deleteUserRow = (db: Executor, userId: string) =>
  db.delete(users).where(eq(users.id, userId));

/**
 * Keeps the row others' records point at, with nothing personal left: an address that can never
 * receive mail, a password nobody knows, suspended so no session or search shows it. The other
 * modules forget their own records of the user (their index's forget… functions).
 */
export async function anonymiseUser(db: Executor, userId: string, passwordHash: string) {
  const short = userId.slice(0, 8);
  await db
    .update(users)
    .set({
      username: `deleted_${userId.replaceAll('-', '')}`,
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash,
      name: `Deleted account ${short}`,
      phone: '',
      location: null,
      aaaMemberId: null,
      company: null,
      cdlNumber: null,
      vehicleInfo: {},
      avatarUrl: null,
      emailUpdates: false,
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      suspendedAt: new Date(),
      suspendedReason: 'Account deleted by its owner',
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
