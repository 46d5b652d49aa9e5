import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { apiScopes } from '../../../core/integrations/api-token-rules.ts';
import {
  webhookDeliveryStatuses,
  webhookEndpointStatuses,
} from '../../../core/integrations/webhook-rules.ts';
import { createdAt, timestampTz } from './columns.ts';
import { serviceProviders } from './providers.ts';
import { users } from './users.ts';

const oneOf = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/**
 * A business's API token (docs/api.md): only its hash is kept, with its first characters to
 * recognise it. It acts for the business, within its scopes, until it expires or is revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The prefix and the first characters of the secret (`tf_live_AbCd`). */
    start: text().notNull(),
    tokenHash: text().notNull().unique(),
    scopes: text().array().notNull(),
    expiresAt: timestampTz(),
    lastUsedAt: timestampTz(),
    lastUsedAddress: text(),
    revokedAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [
    check('api_tokens_scopes_check', sql`${t.scopes} <@ array[${oneOf(apiScopes)}]::text[]`),
    index('api_tokens_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/** A business's HTTPS endpoint and the events it hears about (docs/api.md, "Webhooks"). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    /** The signing secret; the server needs it to sign, so it is kept as is (docs/security.md). */
    secret: text().notNull(),
    /** After a rotation, the old secret also signs until `previousSecretExpiresAt`. */
    previousSecret: text(),
    previousSecretExpiresAt: timestampTz(),
    status: text().notNull().default('enabled'),
    disabledReason: text(),
    /** When its deliveries started failing without a success since; null while they succeed. */
    failingSince: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'webhook_endpoints_status_check',
      sql`${t.status} in (${oneOf(webhookEndpointStatuses)})`,
    ),
    index('webhook_endpoints_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/**
 * Something that happened to a business that its webhooks hear about, written in the transaction
 * that made it happen (its id is the event id every delivery carries).
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** The event's `data` as sent. */
    data: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('integration_events_provider_idx').on(t.providerId, t.createdAt)],
);

/** One event for one endpoint: sent until the endpoint answers 2xx, at most once successfully. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampTz(),
    responseStatus: integer(),
    responseBody: text(),
    deliveredAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in (${oneOf(webhookDeliveryStatuses)})`,
    ),
    unique('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
