import { plans } from '#core/billing/plans.ts';
import { reminderTypeFor } from '#core/billing/reminders.ts';
import type { PaymentReminder, Subscription } from '#core/billing/schemas.ts';

const DAY_MS = 86_400_000;

/** The test reminder: due in 7 days, sent 4 days before, for Premium at $79.99. */
export const TEST_REMINDER = {
  dueInDays: 7,
  daysBefore: 4,
  planType: 'premium',
  amount: plans.premium.priceCents / 100,
} as const;

/** How far ahead the scheduling check looks. */
export const SCHEDULING_WINDOW_DAYS = 30;

export function testReminderDates(now = new Date()) {
  const due = new Date(now.getTime() + TEST_REMINDER.dueInDays * DAY_MS);
  const reminder = new Date(due.getTime() - TEST_REMINDER.daysBefore * DAY_MS);
  return { dueDate: due.toISOString(), reminderDate: reminder.toISOString() };
}

/** The reminders whose reminder date falls within the next `days` days. */
export function remindersWithin(
  reminders: readonly PaymentReminder[],
  now = new Date(),
  days = SCHEDULING_WINDOW_DAYS,
): PaymentReminder[] {
  const until = now.getTime() + days * DAY_MS;
  return reminders.filter((r) => {
    const at = new Date(r.reminderDate).getTime();
    return at >= now.getTime() - DAY_MS && at <= until;
  });
}

/** What is wrong with a reminder's scheduling, or null: dates in order, type by days before. */
export function schedulingProblem(reminder: PaymentReminder): string | null {
  const due = new Date(reminder.dueDate).getTime();
  const at = new Date(reminder.reminderDate).getTime();
  if (at > due) return `Reminder ${reminder.id} is after its due date`;
  const days = Math.round((due - at) / DAY_MS);
  if (days !== reminder.daysBefore)
    return `Reminder ${reminder.id} says ${reminder.daysBefore} days before but is ${days}`;
  if (reminder.reminderType !== reminderTypeFor(reminder.daysBefore))
    return `Reminder ${reminder.id} is ${reminder.reminderType}, expected ${reminderTypeFor(reminder.daysBefore)} for ${reminder.daysBefore} days before`;
  return null;
}

/** The reminders the scheduler plans for a renewal: `days` before its end date. */
export function renewalReminderDates(subscription: Subscription, days: readonly number[]) {
  if (!subscription.endDate) return [];
  const due = new Date(subscription.endDate).getTime();
  return days.map((d) => ({
    daysBefore: d,
    dueDate: subscription.endDate!,
    reminderDate: new Date(due - d * DAY_MS).toISOString(),
  }));
}
