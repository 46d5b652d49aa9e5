import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingShareLinks, bookings, idempotencyKeys } from '../../db/schema/index.ts';

/*
 * What this module forgets of an account its owner deletes, in the deletion's transaction
 * (docs/decisions/040-nothing-private-left-behind.md, 042-modules-own-their-tables.md).
 */

const NEVER_HAPPENED = ['pending', 'cancelled'] as const;

/** A driver's requests that never turned into a job. */
export const deleteBookingsThatNeverHappened = (db: Executor, userId: string) =>
  db
    .delete(bookings)
    .where(and(eq(bookings.driverId, userId), inArray(bookings.status, NEVER_HAPPENED)));

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

export const deleteIdempotencyKeysOf = (db: Executor, userId: string) =>
  db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
