import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { serviceProviders } from './providers.ts';
import { users } from './users.ts';

export const bookingStatus = pgEnum('booking_status', [
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
]);

const money = () => numeric({ precision: 8, scale: 2, mode: 'number' });

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    serviceType: text().notNull(),
    description: text().notNull(),
    vehicleDetails: text(),
    preferredDate: timestamp({ withTimezone: true }),
    preferredTime: text(),
    status: bookingStatus().notNull().default('pending'),
    visitFee: money(),
    estimatedCost: money(),
    actualCost: money(),
    platformFee: money(),
    location: text(),
    latitude: numeric({ precision: 10, scale: 8, mode: 'number' }),
    longitude: numeric({ precision: 11, scale: 8, mode: 'number' }),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'bookings_preferred_time_check',
      sql`${t.preferredTime} in ('morning', 'afternoon', 'evening', 'asap')`,
    ),
    index('bookings_driver_idx').on(t.driverId, t.createdAt),
    index('bookings_provider_idx').on(t.providerId, t.createdAt),
    index('bookings_status_idx').on(t.status, t.createdAt),
    index('bookings_created_at_idx').on(t.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_provider_idx').on(t.providerId, t.createdAt),
  ],
);
