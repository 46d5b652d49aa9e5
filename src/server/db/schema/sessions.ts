import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampTz, createdAt, userRef } from './columns.ts';

/** A signed-in device. Only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: userRef(),
    createdAt: createdAt(),
    lastSeenAt: timestampTz().notNull().defaultNow(),
    expiresAt: timestampTz().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Sign-in attempts for the login limit, counted per account and per address: recorded before the
 * password is checked, kept as failures, removed by a successful sign-in or a password reset.
 * `ip` holds the address key (an IPv6 address by its /64).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    ip: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** A password reset link: single use, expiring; only the SHA-256 of its token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: userRef(),
    expiresAt: timestampTz().notNull(),
    usedAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);
