import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  billingCustomers,
  bookings,
  bookingShareLinks,
  emailChangeTokens,
  helpRequestInvites,
  helpRequests,
  idempotencyKeys,
  notifications,
  passwordResetTokens,
  paymentReminders,
  payments,
  reminderSettings,
  reviews,
  outboxEmails,
  serviceProviders,
  sessions,
  uploadedFiles,
  users,
} from '../../db/schema/index.ts';

const OPEN = ['pending', 'confirmed', 'in_progress'] as const;
const NEVER_HAPPENED = ['pending', 'cancelled'] as const;

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

/** A driver's requests that never turned into a job. */
export const deleteBookingsThatNeverHappened = (db: Executor, userId: string) =>
  db
    .delete(bookings)
    .where(and(eq(bookings.driverId, userId), inArray(bookings.status, NEVER_HAPPENED)));

/** Removes the account and, through the foreign keys, everything that is only its own. */
export const deleteUserRow = (db: Executor, userId: string) =>
  db.delete(users).where(eq(users.id, userId));

/**
 * Keeps the row others' records point at, with nothing personal left: an address that can never
 * receive mail, a password nobody knows, suspended so no session or search shows it.
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
      suspendedAt: new Date(),
      suspendedReason: 'Account deleted by its owner',
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  for (const table of [
    sessions,
    notifications,
    emailChangeTokens,
    passwordResetTokens,
    idempotencyKeys,
    reminderSettings,
    billingCustomers,
  ])
    await db.delete(table).where(eq(table.userId, userId));
  await db
    .delete(paymentReminders)
    .where(and(eq(paymentReminders.userId, userId), eq(paymentReminders.status, 'pending')));
}

/**
 * What the driver wrote and where the truck stood, on the jobs kept for the provider's history:
 * the free text, the vehicle (its plate), the address and the coordinates.
 */
export const scrubKeptBookings = (db: Executor, userId: string) =>
  db
    .update(bookings)
    .set({
      description: '',
      notes: null,
      vehicleDetails: null,
      location: null,
      truckLocation: null,
      latitude: null,
      longitude: null,
      updatedAt: new Date(),
    })
    .where(eq(bookings.driverId, userId));

/** The share links the user made: they show where a job was. */
export const deleteShareLinksMadeBy = (db: Executor, userId: string) =>
  db.delete(bookingShareLinks).where(eq(bookingShareLinks.createdBy, userId));

/**
 * Queued and kept messages to the user's address (and to an address they were changing to),
 * and texts to their phone: the outbox holds live links and what the notifications said.
 */
export async function deleteMessagesTo(
  db: Executor,
  user: { id: string; email: string; phone: string | null },
) {
  const pending = await db
    .select({ email: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.userId, user.id));
  const addresses = [user.email, ...pending.map((row) => row.email)];
  await db
    .delete(outboxEmails)
    .where(
      or(
        and(eq(outboxEmails.channel, 'email'), inArray(outboxEmails.to, addresses)),
        user.phone
          ? and(eq(outboxEmails.channel, 'sms'), eq(outboxEmails.to, user.phone))
          : undefined,
      ),
    );
}

/**
 * Deletes the driver's requests for help, open ones included; answers the open ones with the
 * users whose businesses were still asked, to tell them it is gone.
 */
export async function deleteHelpRequests(db: Executor, userId: string) {
  const asked = await db
    .select({ id: helpRequests.id, ownerId: serviceProviders.userId })
    .from(helpRequests)
    .innerJoin(helpRequestInvites, eq(helpRequestInvites.requestId, helpRequests.id))
    .innerJoin(serviceProviders, eq(serviceProviders.id, helpRequestInvites.providerId))
    .where(
      and(
        eq(helpRequests.driverId, userId),
        eq(helpRequests.status, 'open'),
        eq(helpRequestInvites.status, 'asked'),
      ),
    );
  await db.delete(helpRequests).where(eq(helpRequests.driverId, userId));
  return asked;
}

/** Forgets the user's uploaded files; answers their names, to delete once this commits. */
export async function forgetUploads(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .delete(uploadedFiles)
    .where(eq(uploadedFiles.ownerId, userId))
    .returning({ name: uploadedFiles.name });
  return rows.map((row) => row.name);
}
