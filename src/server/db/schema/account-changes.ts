import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz, userRef } from './columns.ts';

/**
 * A requested email change, waiting for the link sent to the new address: single use,
 * expiring; only the SHA-256 of its token is stored.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: userRef(),
    newEmail: text().notNull(),
    expiresAt: timestampTz().notNull(),
    usedAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId, t.createdAt)],
);
