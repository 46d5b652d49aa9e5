import { pgEnum, pgTable, smallint, text, unique, uuid, jsonb } from 'drizzle-orm/pg-core';
import type { CategoryChoices } from '../../../core/notification-preferences.ts';
import type { QuietHours } from '../../../core/notification-preferences-schemas.ts';
import { createdAt, timestampTz, userRef } from './columns.ts';

/**
 * A user's choice of channels per category, quiet hours and time zone; no row means the role's
 * defaults (core/notification-preferences.ts).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: userRef().primaryKey(),
  channels: jsonb().$type<CategoryChoices>().notNull(),
  quietHours: jsonb().$type<QuietHours>(),
  timeZone: text().notNull(),
  updatedAt: timestampTz().notNull().defaultNow(),
});

export const contactKind = pgEnum('contact_kind', ['email', 'phone']);

/**
 * A confirmation in flight: a link for an email address (24 h), a 6-digit code for a phone
 * (10 minutes, 5 tries). Only its hash is kept; one per user and kind, a new one replaces it.
 */
export const contactVerifications = pgTable(
  'contact_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    kind: contactKind().notNull(),
    /** The address or phone being confirmed: a change of it makes this confirmation void. */
    target: text().notNull(),
    secretHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestampTz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('contact_verifications_user_kind_key').on(t.userId, t.kind)],
);

/** Phones (E.164) that answered STOP: no text goes to them until they answer START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text().primaryKey(),
  createdAt: createdAt(),
});
