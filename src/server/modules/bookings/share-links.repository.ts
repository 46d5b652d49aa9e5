import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { BookingStatus } from '../../../core/bookings/catalog.ts';
import type { ShareLink } from '../../../core/bookings/share-links.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookingPositions,
  bookings,
  bookingShareLinks,
  serviceProviders,
} from '../../db/schema/index.ts';

const toLink = (row: typeof bookingShareLinks.$inferSelect): ShareLink => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Neither revoked nor past its end at `now`. */
const live = (now: Date) =>
  and(
    isNull(bookingShareLinks.revokedAt),
    or(isNull(bookingShareLinks.expiresAt), gt(bookingShareLinks.expiresAt, now)),
  );

/**
 * The booking's status, with the row held against a status change until the transaction ends:
 * a link made now is seen by the change that ends the job (and given its expiry).
 */
export async function lockedStatus(
  db: Executor,
  bookingId: string,
): Promise<BookingStatus | undefined> {
  const [row] = await db
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('share');
  return row?.status;
}

export async function insertShareLink(
  db: Executor,
  values: { bookingId: string; createdBy: string; tokenHash: string; expiresAt: Date | null },
): Promise<ShareLink> {
  const [row] = await db.insert(bookingShareLinks).values(values).returning();
  return toLink(row!);
}

/** The working links of a booking, newest first; only `createdBy`'s unless it is null (admins). */
export async function listShareLinks(
  db: Executor,
  bookingId: string,
  createdBy: string | null,
  now: Date,
): Promise<ShareLink[]> {
  const rows = await db
    .select()
    .from(bookingShareLinks)
    .where(
      and(
        eq(bookingShareLinks.bookingId, bookingId),
        createdBy ? eq(bookingShareLinks.createdBy, createdBy) : undefined,
        live(now),
      ),
    )
    .orderBy(desc(bookingShareLinks.createdAt));
  return rows.map(toLink);
}

/** Revokes a working link of the booking; false when there is none (or not `createdBy`'s). */
export async function revokeShareLink(
  db: Executor,
  bookingId: string,
  linkId: string,
  createdBy: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(bookingShareLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(bookingShareLinks.id, linkId),
        eq(bookingShareLinks.bookingId, bookingId),
        createdBy ? eq(bookingShareLinks.createdBy, createdBy) : undefined,
        live(now),
      ),
    )
    .returning({ id: bookingShareLinks.id });
  return rows.length === 1;
}

/** The job ended: its links keep working until `expiresAt`. */
export async function endShareLinks(db: Executor, bookingId: string, expiresAt: Date) {
  await db
    .update(bookingShareLinks)
    .set({ expiresAt })
    .where(and(eq(bookingShareLinks.bookingId, bookingId), isNull(bookingShareLinks.expiresAt)));
}

export interface SharedJob {
  status: BookingStatus;
  businessName: string;
  phone: string | null;
  destination: { latitude: number; longitude: number } | null;
  position: { latitude: number; longitude: number; recordedAt: Date } | null;
}

/**
 * The job behind a working link, in one indexed query whatever the token: an unknown, revoked
 * or expired one finds no row the same way, so the answer's timing tells nothing.
 */
export async function findSharedJob(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SharedJob | null> {
  const [row] = await db
    .select({
      status: bookings.status,
      businessName: serviceProviders.businessName,
      phone: serviceProviders.phone,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
      position: {
        latitude: bookingPositions.latitude,
        longitude: bookingPositions.longitude,
        recordedAt: bookingPositions.recordedAt,
      },
    })
    .from(bookingShareLinks)
    .innerJoin(bookings, eq(bookings.id, bookingShareLinks.bookingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(bookingPositions, eq(bookingPositions.bookingId, bookings.id))
    .where(and(eq(bookingShareLinks.tokenHash, tokenHash), live(now)));
  if (!row) return null;
  return {
    status: row.status,
    businessName: row.businessName,
    phone: row.phone,
    destination:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    position: row.position,
  };
}
