import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notificationType = pgEnum('notification_type', [
  'booking_update',
  'service_reminder',
  'provider_nearby',
  'review_request',
  'promotion',
]);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    metadata: jsonb().$type<{ providerId?: string; bookingId?: string }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
