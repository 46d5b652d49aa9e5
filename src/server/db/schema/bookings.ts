import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  money,
  latitude,
  longitude,
  timestampTz,
  createdAt,
  timestamps,
  userRef,
} from './columns.ts';
import { bookingStatuses, preferredTimes } from '../../../core/bookings/catalog.ts';
import { truckPlaces } from '../../../core/bookings/safety.ts';
import { serviceProviders } from './providers.ts';
import { users } from './users.ts';

export const bookingStatus = pgEnum('booking_status', bookingStatuses);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: userRef(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    serviceType: text().notNull(),
    description: text().notNull(),
    vehicleDetails: text(),
    preferredDate: timestampTz(),
    preferredTime: text(),
    /** Where the truck stands, when the driver was asked (an emergency or ASAP booking). */
    truckLocation: text(),
    status: bookingStatus().notNull().default('pending'),
    visitFee: money(),
    estimatedCost: money(),
    actualCost: money(),
    platformFee: money(),
    location: text(),
    latitude: latitude(),
    longitude: longitude(),
    notes: text(),
    /** When the provider accepted it: the plan's monthly allowance counts these. */
    confirmedAt: timestampTz(),
    /** When the driver was told the provider is on the way (the first position of the job). */
    enRouteNotifiedAt: timestampTz(),
    /** When the provider's position first came within arrival distance of the job. */
    arrivedAt: timestampTz(),
    /** The business's technician the job is assigned to (docs/product.md, "Teams"); null: the owner. */
    technicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check(
      'bookings_preferred_time_check',
      sql`${t.preferredTime} in (${sql.raw(preferredTimes.map((time) => `'${time}'`).join(', '))})`,
    ),
    check(
      'bookings_truck_location_check',
      sql`${t.truckLocation} in (${sql.raw(truckPlaces.map((place) => `'${place}'`).join(', '))})`,
    ),
    index('bookings_driver_idx').on(t.driverId, t.createdAt),
    index('bookings_provider_idx').on(t.providerId, t.createdAt),
    // Both carry the amounts, so the admin dashboard's counts and sums read the index alone.
    index('bookings_status_idx').on(t.status, t.createdAt, t.actualCost, t.visitFee),
    index('bookings_created_at_idx').on(t.createdAt, t.status, t.actualCost, t.visitFee),
    index('bookings_provider_confirmed_idx').on(t.providerId, t.confirmedAt),
    index('bookings_technician_idx')
      .on(t.technicianId, t.createdAt)
      .where(sql`${t.technicianId} is not null`),
  ],
);

/** Idempotency-Key replays: the first answer to (user, key) is stored and given again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef(),
    key: text().notNull(),
    requestHash: text().notNull(),
    /** The booking the first request created; null while that request runs. */
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** The provider's latest shared position during a job (live tracking); gone once the job ends. */
export const bookingPositions = pgTable('booking_positions', {
  bookingId: uuid()
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  latitude: latitude().notNull(),
  longitude: longitude().notNull(),
  /** Metres, as the device reports it. */
  accuracy: doublePrecision(),
  recordedAt: timestampTz().notNull().defaultNow(),
});
