import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Column shapes shared by the tables: SPEC.md §3's precisions, read as JavaScript numbers. */
export const money = () => numeric({ precision: 8, scale: 2, mode: 'number' });
export const latitude = () => numeric({ precision: 10, scale: 8, mode: 'number' });
export const longitude = () => numeric({ precision: 11, scale: 8, mode: 'number' });
export const timestampTz = () => timestamp({ withTimezone: true });

export const createdAt = () => timestampTz().notNull().defaultNow();
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestampTz().notNull().defaultNow(),
});

/** A user reference that disappears with the user. */
export const userRef = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
