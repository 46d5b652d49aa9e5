import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { PlanType } from '../../../core/billing/plans.ts';
import type { BookingStatus } from '../../../core/bookings/catalog.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookingPositions,
  bookings,
  bookingShareLinks,
  serviceProviders,
  users,
} from '../../db/schema/index.ts';
import { ownerPlan } from './bookings.repository.ts';

/** The columns of a link that its answer on creation shows. */
const created = (row: typeof bookingShareLinks.$inferSelect) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** Neither revoked nor past its end at `now`. */
const live = (now: Date) =>
  and(isNull(bookingShareLinks.revokedAt), gt(bookingShareLinks.expiresAt, now));

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
  values: { bookingId: string; createdBy: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(bookingShareLinks).values(values).returning();
  return created(row!);
}

/** Every link of a booking, working or not, newest first, with who made it. */
export async function listShareLinks(db: Executor, bookingId: string) {
  const rows = await db
    .select({ link: bookingShareLinks, makerName: users.name })
    .from(bookingShareLinks)
    .innerJoin(users, eq(users.id, bookingShareLinks.createdBy))
    .where(eq(bookingShareLinks.bookingId, bookingId))
    .orderBy(desc(bookingShareLinks.createdAt), desc(bookingShareLinks.id));
  return rows.map(({ link, makerName }) => ({
    ...created(link),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    createdBy: link.createdBy,
    makerName,
  }));
}

/**
 * Revokes the booking's working links (only `linkId` when given); answers how many it stopped.
 */
export async function revokeShareLinks(
  db: Executor,
  bookingId: string,
  linkId: string | null,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(bookingShareLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(bookingShareLinks.bookingId, bookingId),
        linkId ? eq(bookingShareLinks.id, linkId) : undefined,
        live(now),
      ),
    )
    .returning({ id: bookingShareLinks.id });
  return rows.length;
}

/** The job ended: its links keep working until `endsAt` at the latest. */
export async function endShareLinks(db: Executor, bookingId: string, endsAt: Date) {
  await db
    .update(bookingShareLinks)
    .set({ expiresAt: endsAt })
    .where(
      and(eq(bookingShareLinks.bookingId, bookingId), gt(bookingShareLinks.expiresAt, endsAt)),
    );
}

export interface SharedJob {
  status: BookingStatus;
  businessName: string;
  phone: string | null;
  /** The plan governing the business now: it decides whether the provider is shown live. */
  ownerPlan: PlanType | null;
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
      // Billing's rule, as for bookings: running, retried or cancelled until its end; newest wins.
      ownerPlan: ownerPlan(),
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
    ownerPlan: row.ownerPlan,
    destination:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    position: row.position,
  };
}
