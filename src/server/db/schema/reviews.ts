import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MAX_STARS, MIN_STARS } from '../../../core/reviews/stars.ts';
import { bookings } from './bookings.ts';
import { createdAt, userRef } from './columns.ts';
import { serviceProviders } from './providers.ts';

/** One review per completed job; the provider's rating and count are kept from these rows. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: userRef(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'reviews_rating_check',
      sql`${t.rating} between ${sql.raw(String(MIN_STARS))} and ${sql.raw(String(MAX_STARS))}`,
    ),
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_provider_idx').on(t.providerId, t.createdAt),
  ],
);
