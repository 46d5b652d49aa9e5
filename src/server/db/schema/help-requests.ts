import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  helpRequestStatuses,
  inviteStatuses,
} from '../../../core/help-requests/help-request-rules.ts';
import type { CreateHelpRequestInput } from '../../../core/help-requests/help-request.ts';
import { bookings } from './bookings.ts';
import { createdAt, latitude, longitude, timestampTz, userRef } from './columns.ts';
import { serviceProviders } from './providers.ts';

const oneOf = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/** A driver's request sent to several providers at once (docs/decisions/030-help-requests.md). */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: userRef(),
    serviceType: text().notNull(),
    /** The booking to make when a provider accepts (the Book Service fields, no provider). */
    request: jsonb().$type<Omit<CreateHelpRequestInput, 'providerIds'>>().notNull(),
    latitude: latitude().notNull(),
    longitude: longitude().notNull(),
    status: text().notNull().default('open'),
    /** The truck stands where it is unsafe (a live lane or the shoulder): an emergency. */
    emergency: boolean().notNull().default(false),
    radiusMiles: doublePrecision().notNull(),
    round: integer().notNull().default(1),
    /** When an open request widens next if nobody has accepted. */
    nextStepAt: timestampTz(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    endedAt: timestampTz(),
  },
  (t) => [
    check('help_requests_status_check', sql`${t.status} in (${oneOf(helpRequestStatuses)})`),
    index('help_requests_driver_idx').on(t.driverId, t.createdAt),
    index('help_requests_due_idx')
      .on(t.nextStepAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Each provider asked, once per request, and their answer. */
export const helpRequestInvites = pgTable(
  'help_request_invites',
  {
    requestId: uuid()
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    round: integer().notNull(),
    status: text().notNull().default('asked'),
    /**
     * When the provider is asked: a Basic provider of a step is asked after the paying ones'
     * head start (docs/product.md, "Priority queue"), so this may lie ahead.
     */
    askedAt: createdAt(),
    /** When the provider was told (notification, push); null until `askedAt` has come. */
    notifiedAt: timestampTz(),
    answeredAt: timestampTz(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.providerId] }),
    check('help_request_invites_status_check', sql`${t.status} in (${oneOf(inviteStatuses)})`),
    index('help_request_invites_provider_idx').on(t.providerId, t.askedAt),
    index('help_request_invites_due_idx')
      .on(t.askedAt)
      .where(sql`${t.notifiedAt} is null and ${t.status} = 'asked'`),
  ],
);
