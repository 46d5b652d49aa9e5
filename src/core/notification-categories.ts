// What a notification is about, without zod: the app shell reads it for every notification.
import type { Notification } from './notifications.ts';

/** What a notification is about; each user chooses per category how it reaches them. */
export const notificationCategories = [
  'job_requests',
  'booking_updates',
  'payments',
  'reviews',
  'account',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** The category a user chose channels for: the one it was made with, else by its kind. */
export function categoryOf(
  notification: Pick<Notification, 'type' | 'metadata'>,
): NotificationCategory {
  const meta = notification.metadata ?? {};
  if (meta.category) return meta.category;
  if (meta.helpRequestId) return 'job_requests';
  switch (notification.type) {
    case 'review_request':
      return 'reviews';
    case 'service_reminder':
      return 'payments';
    case 'booking_update':
      return 'booking_updates';
    default:
      return 'account';
  }
}

/** The categories whose texts a user may choose: help requests nearby, and "on the way". */
export const textableCategories: readonly NotificationCategory[] = [
  'job_requests',
  'booking_updates',
];
