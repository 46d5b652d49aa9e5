import { notificationCategories, type NotificationCategory } from './notification-categories.ts';
import type { QuietHours } from './notification-preferences-schemas.ts';
import type { Role } from './users/roles.ts';

/**
 * How a notification reaches someone: `in_app` pops it up while the app is open (the bell keeps
 * every notification either way), `push` rings the devices that asked, `email` and `sms` go to a
 * confirmed address or phone.
 */
export const notificationChannels = ['in_app', 'push', 'email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type ChannelChoices = Record<NotificationChannel, boolean>;
export type CategoryChoices = Record<NotificationCategory, ChannelChoices>;

const choices = (push: boolean, email: boolean, sms = false): ChannelChoices => ({
  in_app: true,
  push,
  email,
  sms,
});

/**
 * Defaults per role: everything in the app and on the devices that asked for push; email for
 * what a role acts on or keeps (it goes out only once Email Updates is on and the address is
 * confirmed); texts only where a user chose them. A provider's job requests ring the phone.
 */
export function defaultCategoryChoices(role: Role): CategoryChoices {
  const provider = role === 'mechanic';
  return {
    job_requests: choices(provider, provider),
    booking_updates: choices(true, true),
    payments: choices(true, true),
    reviews: choices(true, provider),
    account: choices(true, true),
  };
}

/** The categories a role hears about, in the order Settings lists them. */
export function categoriesFor(role: Role): NotificationCategory[] {
  return role === 'driver'
    ? ['booking_updates', 'payments', 'reviews', 'account']
    : [...notificationCategories];
}

export const categoryLabels: Record<NotificationCategory, string> = {
  job_requests: 'Job requests',
  booking_updates: 'Booking updates',
  payments: 'Payments',
  reviews: 'Reviews',
  account: 'Account',
};

export const channelLabels: Record<NotificationChannel, string> = {
  in_app: 'In app',
  push: 'Push',
  email: 'Email',
  sms: 'Text',
};

export const DEFAULT_TIME_ZONE = 'America/Chicago';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes since midnight at `at` in `timeZone`. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * When the quiet hours around `at` end, or null when `at` is outside them. Windows may run past
 * midnight (22:00–07:00). Counted in whole minutes of local time, so the end may be off by the
 * hour on the night a clock changes.
 */
export function quietUntil(at: Date, quiet: QuietHours | null, timeZone: string): Date | null {
  if (!quiet) return null;
  const now = localMinutes(at, timeZone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  const left = (end - now + 24 * 60) % (24 * 60);
  const until = new Date(at.getTime() + left * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}

export {
  categoryOf,
  notificationCategories,
  textableCategories,
  type NotificationCategory,
} from './notification-categories.ts';
