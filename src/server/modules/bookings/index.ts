/*
 * The public face of the bookings module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { bookingsRoutes } from './bookings.routes.ts';
export { createBookingsService, type BookingsService } from './bookings.service.ts';
export { shareLinksRoutes } from './share-links.routes.ts';
export { createShareLinksService } from './share-links.service.ts';

export {
  deleteIdempotencyKeysBefore,
  pageBookings,
  useCardGateway,
  type StoredBooking,
} from './bookings.repository.ts';

// What the module forgets of a deleted account (pass the deletion's tx).
export {
  deleteBookingsThatNeverHappened,
  deleteIdempotencyKeysOf,
  deleteShareLinksMadeBy,
  scrubKeptBookings,
} from './forget-user.repository.ts';
