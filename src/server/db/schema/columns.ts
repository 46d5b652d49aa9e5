import { doublePrecision, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Column shapes shared by the tables: the specified precisions, read as JavaScript numbers. */
export const money = () => numeric({ precision: 8, scale: 2, mode: 'number' });
/** Degrees as double precision (finer than the specified decimal(10,8)), so search math needs no casts. */
export const latitude = () => doublePrecision();
export const longitude = () => doublePrecision();
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
