import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingCustomers, paymentReminders, reminderSettings } from '../../db/schema/index.ts';

/*
 * What this module forgets of an account its owner deletes, in the deletion's transaction
 * (docs/decisions/040-nothing-private-left-behind.md, 042-modules-own-their-tables.md).
 */

/** Reminder settings, the gateway customer row and reminders not sent yet. */
export async function forgetBillingRecords(db: Executor, userId: string) {
  for (const table of [reminderSettings, billingCustomers])
    await db.delete(table).where(eq(table.userId, userId));
  await db
    .delete(paymentReminders)
    .where(and(eq(paymentReminders.userId, userId), eq(paymentReminders.status, 'pending')));
}
