import type { BookingStatus } from './catalog.ts';
import { bookingStatuses } from './catalog.ts';

/**
 * Who is changing a booking: its driver, its provider (the owner or a dispatcher), the technician
 * the job is assigned to, or an admin.
 */
export type BookingActor = 'driver' | 'provider' | 'technician' | 'admin';

/** docs/product.md §5 (Bookings): the moves each side may make; an admin may set any status. */
const moves: Record<
  Exclude<BookingActor, 'admin'>,
  Partial<Record<BookingStatus, readonly BookingStatus[]>>
> = {
  driver: { pending: ['cancelled'], confirmed: ['cancelled'] },
  provider: {
    pending: ['confirmed', 'cancelled'],
    confirmed: ['in_progress', 'cancelled'],
    in_progress: ['completed'],
  },
  // A technician starts and finishes the jobs assigned to them; accepting and declining stay
  // with the owner and the dispatchers.
  technician: { confirmed: ['in_progress'], in_progress: ['completed'] },
};

export function canMoveBooking(
  actor: BookingActor,
  from: BookingStatus,
  to: BookingStatus,
): boolean {
  if (actor === 'admin') return from !== to;
  return moves[actor][from]?.includes(to) ?? false;
}

/** Current bookings (the My Bookings "Current" tab); the others are history. */
export const isCurrentBooking = (status: BookingStatus) =>
  status === 'pending' || status === 'confirmed' || status === 'in_progress';

/** The driver may cancel until the job starts. */
export const driverMayCancel = (status: BookingStatus) =>
  canMoveBooking('driver', status, 'cancelled');

export { bookingStatuses };
