import { addDays, differenceInCalendarDays, format, startOfMonth, startOfWeek } from 'date-fns';
import { dueBadge } from '#core/billing/reminders.ts';
import type { PaymentReminder } from '#core/billing/schemas.ts';

/** The calendar shows five weeks, Sunday to Saturday. */
export const CALENDAR_CELLS = 35;
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** The Active Reminders tab lists this many. */
export const ACTIVE_REMINDERS_SHOWN = 10;

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** The 35 days shown for a month: from the Sunday on or before its 1st. */
export function monthCells(month: Date): Date[] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: 0 });
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => addDays(first, i));
}

export interface DayEvents {
  /** Renewals due that day (one per subscription and due date). */
  due: { subscriptionId: string; amount: number }[];
  /** Reminders to be sent (or sent) that day. */
  reminders: PaymentReminder[];
}

/** Due dates and reminder dates by local day ("yyyy-MM-dd"). */
export function eventsByDay(reminders: readonly PaymentReminder[]): Map<string, DayEvents> {
  const days = new Map<string, DayEvents>();
  const at = (key: string) => {
    let day = days.get(key);
    if (!day) {
      day = { due: [], reminders: [] };
      days.set(key, day);
    }
    return day;
  };
  for (const reminder of reminders) {
    const due = at(dayKey(new Date(reminder.dueDate)));
    if (!due.due.some((d) => d.subscriptionId === reminder.subscriptionId))
      due.due.push({ subscriptionId: reminder.subscriptionId, amount: reminder.amount });
    at(dayKey(new Date(reminder.reminderDate))).reminders.push(reminder);
  }
  return days;
}

/** Calendar days from today to the due date (negative once it has passed). */
export const daysUntil = (dueDate: string | Date, now = new Date()) =>
  differenceInCalendarDays(new Date(dueDate), now);

export type DueBadgeVariant = 'destructive' | 'default' | 'secondary' | 'outline';

/** The due badge of a reminder: its label and how loud it is. */
export function dueBadgeOf(dueDate: string | Date, now = new Date()) {
  const days = daysUntil(dueDate, now);
  const label = dueBadge(days);
  const variant: DueBadgeVariant =
    days < 0 ? 'destructive' : days <= 3 ? 'default' : days <= 7 ? 'secondary' : 'outline';
  return { days, label, variant };
}

/** The first reminders by reminder date, as the Active Reminders tab lists them. */
export function activeReminders(
  reminders: readonly PaymentReminder[],
  count = ACTIVE_REMINDERS_SHOWN,
): PaymentReminder[] {
  return [...reminders]
    .sort((a, b) => a.reminderDate.localeCompare(b.reminderDate))
    .slice(0, count);
}

export const daysBeforeText = (days: number) =>
  `${days} ${days === 1 ? 'day' : 'days'} before due date`;
