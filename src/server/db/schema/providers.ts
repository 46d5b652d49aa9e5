import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  providerStatuses,
  serviceTypes,
  verificationStatuses,
} from '../../../core/providers/catalog.ts';
import type { PendingValues } from '../../../core/providers/pending-changes.ts';
import { money, latitude, longitude, timestampTz, timestamps } from './columns.ts';
import { users } from './users.ts';

export const serviceType = pgEnum('service_type', serviceTypes);
export const providerStatus = pgEnum('provider_status', providerStatuses);
export const verificationStatus = pgEnum('verification_status', verificationStatuses);

export const serviceProviders = pgTable(
  'service_providers',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text().notNull(),
    serviceType: serviceType().notNull(),
    description: text(),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    latitude: latitude(),
    longitude: longitude(),
    phone: text(),
    email: text(),
    website: text(),
    visitFee: money().notNull().default(0),
    hourlyRate: money(),
    status: providerStatus().notNull().default('available'),
    rating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer().notNull().default(0),
    certifications: jsonb().$type<string[]>().notNull().default([]),
    specialties: jsonb().$type<string[]>().notNull().default([]),
    is24Hour: boolean('is_24_hour').notNull().default(false),
    acceptsAAA: boolean('accepts_aaa').notNull().default(false),
    profileImage: text(),
    licenseNumber: text(),
    insurancePolicy: text(),
    verification: verificationStatus().notNull().default('pending'),
    verificationReason: text(),
    verifiedAt: timestampTz(),
    /** The owner's suspension, mirrored here so search leaves the business out from its index. */
    suspendedAt: timestampTz(),
    /** An owner's changes to reviewed fields of a verified business, waiting for an admin. */
    pendingChanges: jsonb().$type<PendingValues>(),
    pendingSince: timestampTz(),
    /** The 0.25° grid cell of the position (search-cells.ts); null without a position. */
    searchCell: integer().generatedAlwaysAs(
      sql`floor((latitude + 90) / 0.25)::int * 1440 + floor((longitude + 180) / 0.25)::int % 1440`,
    ),
    ...timestamps(),
  },
  (t) => [
    // Radius search: each grid cell's approved providers, best first; the trailing columns let
    // the search filter and rank from the index alone (docs/decisions/007).
    index('service_providers_search_idx')
      .on(
        t.searchCell,
        sql`(${t.status} = 'available') desc`,
        t.rating.desc(),
        t.latitude,
        t.longitude,
        t.status,
        t.serviceType,
        t.visitFee,
        t.is24Hour,
        t.acceptsAAA,
        t.id,
      )
      .where(sql`${t.verification} = 'approved' and ${t.suspendedAt} is null`),
    // Search without a position: all approved providers, best first.
    index('service_providers_rank_idx')
      .on(sql`(${t.status} = 'available') desc`, t.rating.desc(), t.id)
      .where(sql`${t.verification} = 'approved' and ${t.suspendedAt} is null`),
    index('service_providers_verification_idx').on(t.verification, t.status),
    index('service_providers_rating_idx').on(t.rating),
  ],
);
