import { boolean, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { notificationTypes, type Notification } from '../../../core/notifications.ts';
import { createdAt, userRef } from './columns.ts';

export const notificationType = pgEnum('notification_type', notificationTypes);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    type: notificationType().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    /** What it is about, for links and for the channels it goes out on (core/notifications.ts). */
    metadata: jsonb().$type<NonNullable<Notification['metadata']>>(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
