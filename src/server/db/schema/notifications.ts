import { boolean, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { notificationTypes } from '../../../core/notifications.ts';
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
    metadata: jsonb().$type<{
      providerId?: string;
      bookingId?: string;
      helpRequestId?: string;
      /** A job request that cannot wait (a truck beside moving traffic): pushed with high urgency. */
      urgent?: boolean;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
