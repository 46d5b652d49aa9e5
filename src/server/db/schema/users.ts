import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages } from '../../../core/i18n/languages.ts';
import { roles } from '../../../core/users/roles.ts';
import { themes } from '../../../core/users/theme.ts';
import type { VehicleInfo } from '../../../core/users/schemas.ts';

export const userRole = pgEnum('user_role', roles);
export const userLanguage = pgEnum('user_language', languages);
export const userTheme = pgEnum('user_theme', themes);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    role: userRole().notNull().default('driver'),
    name: text().notNull(),
    phone: text().notNull(),
    location: text(),
    aaaMemberId: text(),
    company: text(),
    cdlNumber: text(),
    vehicleInfo: jsonb().$type<VehicleInfo>().notNull().default({}),
    avatarUrl: text(),
    pushNotifications: boolean().notNull().default(true),
    locationServices: boolean().notNull().default(true),
    emailUpdates: boolean().notNull().default(false),
    /** The language chosen on the account; none: the browser's (docs/decisions/060). */
    language: userLanguage(),
    /** The colour theme chosen on the account; each device keeps its own copy too. */
    theme: userTheme().notNull().default('system'),
    /** When the current email address was confirmed by its link; a new address is unconfirmed. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** When the current phone was confirmed by its code; a new phone is unconfirmed. */
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    /** Set by an admin: the account cannot sign in and its business leaves search. */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
  ],
);
