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
