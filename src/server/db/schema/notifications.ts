import { boolean, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { notificationTypes, type NotificationMetadata } from '../../../core/notifications.ts';
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
    metadata: jsonb().$type<NotificationMetadata>(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
