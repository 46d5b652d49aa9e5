import { and, desc, eq } from 'drizzle-orm';
import type { NotificationCategory } from '../../../core/notification-preferences.ts';
import type { Notification, NotificationMetadata } from '../../../core/notifications.ts';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { localize, serverText, type Localized } from '../../i18n/index.ts';
import { queueDeliveries } from '../deliveries/index.ts';
import { planDeliveries } from './delivery-plan.ts';
import { recipientsOf } from './recipients.repository.ts';

/**
 * A notification to store. Each says what it is about (its category), so that every user's
 * choices can route it (core/notification-preferences.ts). Its title and message are composed
 * in the recipient's language when stored (a function of their texts), or given as they are.
 */
export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  'metadata' | 'title' | 'message'
> & {
  title: Localized;
  message: Localized;
  metadata: NotificationMetadata & { category: NotificationCategory };
};

const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  read: row.read,
  createdAt: row.createdAt.toISOString(),
  metadata: row.metadata ?? null,
});

/**
 * Stores the notifications and, in the same transaction, queues what goes out beyond the app:
 * push, email and text per each recipient's choices (delivery-plan.ts, docs/notifications.md).
 */
export async function insertNotifications(
  db: Executor,
  rows: NewNotification[],
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const recipients = await recipientsOf(
    db,
    rows.map((row) => row.userId),
  );
  const composed = rows.map((row) => {
    const recipient = recipients.get(row.userId);
    const text = serverText(recipient?.language, recipient?.preferences.timeZone);
    return { ...row, title: localize(row.title, text), message: localize(row.message, text) };
  });
  const stored = (await db.insert(notifications).values(composed).returning()).map(toNotification);
  const now = new Date();
  await queueDeliveries(
    db,
    stored.flatMap((notification, i) => {
      const recipient = recipients.get(rows[i]!.userId);
      return recipient ? planDeliveries(notification, recipient, now) : [];
    }),
  );
  return stored;
}

export async function listNotifications(
  db: Executor,
  userId: string,
  limit = 50,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  return rows.map(toNotification);
}

/** Changes only the user's own notification; answers null for anyone else's. */
export async function markRead(
  db: Executor,
  userId: string,
  id: string,
): Promise<Notification | null> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? toNotification(row) : null;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(
  db: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}
