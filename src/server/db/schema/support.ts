import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { supportStatuses } from '../../../core/support/schemas.ts';
import { bookings } from './bookings.ts';
import { createdAt, timestampTz, userRef } from './columns.ts';
import { serviceProviders } from './providers.ts';
import { users } from './users.ts';

const oneOf = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/**
 * A provider's request for help from the operators (docs/product.md, "Support"). The queue is
 * ordered by `priority` (the business's plan when it was sent: Enterprise 0, Premium 1, Basic 2)
 * and age; an Enterprise business's account manager sees its requests first.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    /** Who sent it: the owner or a member of the business. */
    userId: userRef(),
    subject: text().notNull(),
    message: text().notNull(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    priority: integer().notNull(),
    /** The account manager of the business when it was sent, else null. */
    managerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text().notNull().default('open'),
    createdAt: createdAt(),
    answeredAt: timestampTz(),
  },
  (t) => [
    check('support_requests_status_check', sql`${t.status} in (${oneOf(supportStatuses)})`),
    index('support_requests_queue_idx')
      .on(t.priority, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('support_requests_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/** An admin's answer to a support request; the provider is notified of each. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    adminId: uuid().references(() => users.id, { onDelete: 'set null' }),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_replies_request_idx').on(t.requestId, t.createdAt)],
);

/** The admin named account manager of an Enterprise business (one per business). */
export const accountManagers = pgTable('account_managers', {
  providerId: uuid()
    .primaryKey()
    .references(() => serviceProviders.id, { onDelete: 'cascade' }),
  adminId: userRef(),
  createdAt: createdAt(),
});
