import { index, pgTable, smallint, text, uuid, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, timestampTz, userRef } from './columns.ts';
import { sessions } from './sessions.ts';

/**
 * The VAPID key pair made when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset: one row (id 1),
 * inserted once by whichever server starts first (docs/decisions/044-web-push.md).
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint().primaryKey().default(1),
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A device that asked for push messages: the push service's endpoint (one owner per device) and
 * the keys that encrypt for it (RFC 8291). It belongs to the session it was made in, and goes
 * with it: sign-out deletes it, and so does any other end of that session.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz().notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId, t.lastUsedAt),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
