import { z } from 'zod';
import type { Role } from './users/roles.ts';

/** What a notification is about; each user chooses per category how it reaches them. */
export const notificationCategories = [
  'job_requests',
  'booking_updates',
  'payments',
  'reviews',
  'account',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/**
 * How a notification reaches someone: `in_app` pops it up while the app is open (the bell keeps
 * every notification either way), `push` rings the devices that asked, `email` and `sms` go to a
 * confirmed address or phone.
 */
export const notificationChannels = ['in_app', 'push', 'email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type ChannelChoices = Record<NotificationChannel, boolean>;
export type CategoryChoices = Record<NotificationCategory, ChannelChoices>;

const choices = (push: boolean, email: boolean, sms: boolean): ChannelChoices => ({
  in_app: true,
  push,
  email,
  sms,
});

/**
 * Defaults per role: everything in the app and on the devices that asked for push; email for
 * everything once Email Updates is on (the Settings switch); texts only where a user chose them.
 */
export function defaultCategoryChoices(_role: Role): CategoryChoices {
  return {
    job_requests: choices(true, true, false),
    booking_updates: choices(true, true, false),
    payments: choices(true, true, false),
    reviews: choices(true, true, false),
    account: choices(true, true, false),
  };
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00');

/** Quiet hours: from `start` to `end` in the user's time zone (may run past midnight). */
export const quietHoursSchema = z
  .object({ start: hhmm, end: hhmm })
  .refine((q) => q.start !== q.end, {
    message: 'Quiet hours must start and end at different times',
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const timeZoneSchema = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Time zone must be one like America/Chicago' },
);

export const DEFAULT_TIME_ZONE = 'America/Chicago';
