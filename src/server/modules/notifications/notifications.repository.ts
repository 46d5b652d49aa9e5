import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Notification } from '../../../core/notifications.ts';
import type { Executor } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { queuePushDeliveries } from '../deliveries/index.ts';
import { confirmedContacts } from '../contacts/index.ts';
import { insertEmails } from '../mail/index.ts';
import { usersWithDevices } from '../push/index.ts';
import { pushMessageFor } from './push-message.ts';

export type NewNotification = typeof notifications.$inferInsert;

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
 * Stores the notifications and, in the same transaction, queues an email copy for each recipient
 * who turned Email Updates on and confirmed their email (the mailer delivers the queue, or keeps it as the outbox) and a
 * push message for each recipient with a device (docs/decisions/045-delivery-queue.md).
 */
export async function insertNotifications(
  db: Executor,
  rows: NewNotification[],
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const stored = (await db.insert(notifications).values(rows).returning()).map(toNotification);
  const subscribers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(rows.map((row) => row.userId))]),
        eq(users.emailUpdates, true),
      ),
    );
  // Only to a confirmed address (docs/decisions/047-confirmed-contacts.md).
  const confirmed = await confirmedContacts(
    db,
    subscribers.map((user) => user.id),
  );
  const emailOf = new Map(
    subscribers.flatMap((user) => {
      const email = confirmed.get(user.id)?.email;
      return email ? [[user.id, email] as const] : [];
    }),
  );
  const emails = rows.flatMap((row) => {
    const to = emailOf.get(row.userId);
    return to
      ? [
          {
            to,
            subject: `Truck Finder: ${row.title}`,
            text: `${row.message}\n\nTurn these emails off under Profile → Settings → Email Updates.`,
          },
        ]
      : [];
  });
  await insertEmails(db, emails);
  const withDevices = await usersWithDevices(db, [...new Set(rows.map((row) => row.userId))]);
  await queuePushDeliveries(
    db,
    stored.flatMap((notification, i) => {
      const userId = rows[i]!.userId;
      return withDevices.has(userId)
        ? [{ userId, eventKey: notification.id, payload: pushMessageFor(notification) }]
        : [];
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
