import { sql } from 'drizzle-orm';
import { check, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.ts';
import { serviceProviders } from './providers.ts';

/**
 * The monthly statements emailed to business owners (docs/decisions/058-reports.md): one row per
 * business and month, written in the transaction that queues the email, so a statement goes out
 * once however often the job runs. Owned by the reports module.
 */
export const monthlyStatements = pgTable(
  'monthly_statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    /** The month the statement covers, `YYYY-MM` (UTC). */
    month: text().notNull(),
    sentAt: timestampTz().notNull().defaultNow(),
  },
  (t) => [
    unique('monthly_statements_provider_month_unique').on(t.providerId, t.month),
    check('monthly_statements_month_check', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);
