import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_DAYS } from '../../../core/billing/reminders.ts';
import type { PaymentReminder, ReminderSettings } from '../../../core/billing/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { paymentReminders, reminderSettings, subscriptions, users } from '../../db/schema/index.ts';

export type ReminderRow = typeof paymentReminders.$inferSelect;
type Row = ReminderRow;
export type NewReminder = typeof paymentReminders.$inferInsert;

export const toReminder = (row: Row): PaymentReminder => ({
  id: row.id,
  userId: row.userId,
  subscriptionId: row.subscriptionId,
  dueDate: row.dueDate.toISOString(),
  reminderDate: row.reminderDate.toISOString(),
  status: row.status,
  reminderType: row.reminderType,
  amount: row.amount,
  planType: row.planType,
  customerName: row.customerName,
  daysBefore: row.daysBefore,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const defaultSettings: ReminderSettings = {
  emailEnabled: true,
  smsEnabled: true,
  pushEnabled: true,
  daysBefore: [...DEFAULT_REMINDER_DAYS],
};

export async function findSettings(db: Executor, userId: string): Promise<ReminderSettings> {
  const [row] = await db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId))
    .limit(1);
  return row
    ? {
        emailEnabled: row.emailEnabled,
        smsEnabled: row.smsEnabled,
        pushEnabled: row.pushEnabled,
        daysBefore: row.daysBefore,
      }
    : defaultSettings;
}

export async function saveSettings(db: Executor, userId: string, settings: ReminderSettings) {
  await db
    .insert(reminderSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({
      target: reminderSettings.userId,
      set: { ...settings, updatedAt: new Date() },
    });
}

export async function listReminders(db: Executor, userId: string) {
  return (
    await db
      .select()
      .from(paymentReminders)
      .where(eq(paymentReminders.userId, userId))
      .orderBy(asc(paymentReminders.reminderDate))
      .limit(200)
  ).map(toReminder);
}

export async function findReminder(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(paymentReminders)
    .where(eq(paymentReminders.id, id))
    .limit(1);
  return row ?? null;
}

/** Inserts reminders; one that exists (same subscription, due date and days before) is kept. */
export async function insertReminders(db: Executor, rows: NewReminder[]) {
  if (rows.length === 0) return [];
  return db.insert(paymentReminders).values(rows).onConflictDoNothing().returning();
}

export async function findReminderByKey(
  db: Executor,
  key: { subscriptionId: string; dueDate: Date; daysBefore: number },
) {
  const [row] = await db
    .select()
    .from(paymentReminders)
    .where(
      and(
        eq(paymentReminders.subscriptionId, key.subscriptionId),
        eq(paymentReminders.dueDate, key.dueDate),
        eq(paymentReminders.daysBefore, key.daysBefore),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Active plans renewing before `until`, with their owners' reminder settings. */
export async function renewalsBefore(db: Executor, now: Date, until: Date) {
  return db
    .select({
      subscription: subscriptions,
      name: users.name,
      daysBefore: reminderSettings.daysBefore,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endDate, now),
        lte(subscriptions.endDate, until),
      ),
    );
}

/**
 * Pending reminders no renewal will follow any more (cancelled, moved, on another plan, or a day
 * no longer wanted).
 */
export async function dropStaleReminders(db: Executor) {
  await db.delete(paymentReminders).where(
    and(
      eq(paymentReminders.status, 'pending'),
      sql`not exists (
        select 1 from ${subscriptions} s
        left join ${reminderSettings} rs on rs.user_id = s.user_id
        where s.id = ${paymentReminders.subscriptionId}
          and s.status = 'active'
          and s.end_date = ${paymentReminders.dueDate}
          and coalesce(s.scheduled_plan_type, s.plan_type) = ${paymentReminders.planType}
          and ${paymentReminders.daysBefore} = any(coalesce(rs.days_before, '{7,3,1}'::integer[])))`,
    ),
  );
}

/** Due reminders, locked for this transaction: another runner skips them. */
export async function claimDueReminders(db: Executor, now: Date, limit: number) {
  return db
    .select({
      reminder: paymentReminders,
      email: users.email,
      phone: users.phone,
      language: users.language,
    })
    .from(paymentReminders)
    .innerJoin(users, eq(users.id, paymentReminders.userId))
    .where(and(eq(paymentReminders.status, 'pending'), lte(paymentReminders.reminderDate, now)))
    .orderBy(asc(paymentReminders.reminderDate))
    .limit(limit)
    .for('update', { of: paymentReminders, skipLocked: true });
}

export async function markSent(db: Executor, id: string, at: Date) {
  const [row] = await db
    .update(paymentReminders)
    .set({ status: 'sent', sentAt: at })
    .where(eq(paymentReminders.id, id))
    .returning();
  return row!;
}

export async function findContact(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
