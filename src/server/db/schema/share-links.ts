import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, timestampTz, userRef } from './columns.ts';

/**
 * Links that show a job to anyone holding them (a dispatcher, a broker, the family). Only the
 * SHA-256 of the token is kept, so the table alone opens nothing.
 */
export const bookingShareLinks = pgTable(
  'booking_share_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Who made it: the job's driver or its provider. */
    createdBy: userRef(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    revokedAt: timestampTz(),
    /** 24 hours after it is made, or an hour after the job ends if sooner: it opens nothing after. */
    expiresAt: timestampTz().notNull(),
  },
  (t) => [
    uniqueIndex('booking_share_links_token_unique').on(t.tokenHash),
    index('booking_share_links_booking_idx').on(t.bookingId, t.createdBy),
  ],
);
