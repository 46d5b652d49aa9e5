import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampTz, createdAt, userRef } from './columns.ts';

/**
 * A signed-in device. Only the SHA-256 of the cookie token is stored. A session waiting for the
 * second factor (`mfaPending`) signs nobody in: it only lets `/api/auth/mfa/verify` finish.
 */
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
    mfaPending: boolean().notNull().default(false),
    /** When the owner last proved it is them (password or code): sign-in and step-up set it. */
    verifiedAt: timestampTz(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Sign-in attempts for the sign-in delays (docs/decisions/038-sign-in-throttling.md), counted per
 * account, per address and per `device`: recorded before the password or code is checked, kept as
 * failures, removed when that attempt succeeds (only that row) or by a password reset (the
 * account's rows). `ip` holds the address key (an IPv6 address by its /64); `device` is the
 * hashed known-device token, or the sign-in step (`challenge:<session>`, `session:<session>`) an
 * attempt came through.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    ip: text().notNull(),
    device: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_device_idx').on(t.device, t.createdAt),
  ],
);

/**
 * A browser that completed a sign-in to the account: the SHA-256 of its long-lived httpOnly
 * `tf_device` cookie. Its sign-ins are slowed by their own failures only.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_token_unique').on(t.userId, t.tokenHash)],
);

/**
 * The account's TOTP (RFC 6238) secret: encrypted with MFA_ENCRYPTION_KEY when one is set.
 * `enabledAt` is null while enrolment waits for its first code; `lastUsedStep` refuses a replay.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: userRef().primaryKey(),
  secret: text().notNull(),
  enabledAt: timestampTz(),
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes: only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    codeHash: text().notNull(),
    usedAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
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
