import type { PushMessage } from '../../../core/push.ts';
import type { Notification } from '../../../core/notifications.ts';

/**
 * What a notification says on a lock screen (docs/decisions/045-delivery-queue.md): its title
 * (every caller writes a fixed one) and a fixed line per kind that says what to do. The
 * notification's message is never pushed: it may carry a place, a name or a reason someone typed.
 */
export function pushMessageFor(notification: Notification): PushMessage {
  const meta = notification.metadata ?? {};
  const title = notification.title.slice(0, 80);
  const urgent = meta.urgent === true ? { urgent: true } : {};
  if (meta.helpRequestId)
    return {
      title,
      body: 'A driver needs help nearby. Open the app to accept or pass.',
      url: `/bookings?help=${encodeURIComponent(String(meta.helpRequestId))}`,
      tag: `help-request-${meta.helpRequestId}`,
      ...urgent,
    };
  if (meta.bookingId)
    return {
      title,
      body:
        notification.type === 'review_request'
          ? 'Open your bookings to rate the service.'
          : title.endsWith('booking request')
            ? 'Open your bookings to accept or decline.'
            : 'Open your bookings to see what changed.',
      url: `/bookings?booking=${encodeURIComponent(String(meta.bookingId))}`,
      tag: `booking-${meta.bookingId}`,
      ...urgent,
    };
  return {
    title,
    body:
      notification.type === 'service_reminder'
        ? 'Open Truck Finder to see the reminder.'
        : 'Open Truck Finder for the details.',
    url: notification.type === 'account_update' ? '/profile' : '/bookings',
    tag: `notification-${notification.id}`,
  };
}
