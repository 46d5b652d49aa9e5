/** Reminder type: email when 7 or more days before the due date, sms when 3 or more, else push. */
export const reminderTypes = ['email', 'sms', 'push'] as const;
export type ReminderType = (typeof reminderTypes)[number];

export const reminderStatuses = ['pending', 'sent'] as const;

export const DEFAULT_REMINDER_DAYS = [7, 3, 1] as const;

export function reminderTypeFor(daysBefore: number): ReminderType {
  return daysBefore >= 7 ? 'email' : daysBefore >= 3 ? 'sms' : 'push';
}

/** The payment calendar's badge for a due date `days` away. */
export function dueBadge(days: number): string {
  if (days < 0) return 'Overdue';
  if (days <= 1) return 'Due Tomorrow';
  if (days <= 3) return 'Due Soon';
  if (days <= 7) return 'Due This Week';
  return 'Scheduled';
}

const DAY_MS = 86_400_000;

/**
 * A plan reminder's title, "Your Premium plan renews in 3 days": whole days left, rounded up (a
 * reminder planned 3 days ahead and sent a minute late still says 3), "today" once it is due.
 */
export function renewsInTitle(planName: string, dueDate: Date, now: Date): string {
  const days = Math.max(0, Math.ceil((dueDate.getTime() - now.getTime()) / DAY_MS));
  const when = days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`;
  return `Your ${planName} plan renews ${when}`;
}
