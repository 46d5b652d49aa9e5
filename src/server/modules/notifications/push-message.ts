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
  const kind = meta.kind ? pushForKind(notification, title) : null;
  if (kind) return kind;
  // Always high urgency: the request goes to the next providers within minutes.
  if (meta.helpRequestId)
    return {
      title,
      body: meta.urgent
        ? 'A truck is stopped beside moving traffic. Open the app to accept or pass.'
        : 'A driver needs help nearby. Open the app to accept or pass.',
      url: `/bookings?help=${encodeURIComponent(String(meta.helpRequestId))}`,
      tag: `help-request-${meta.helpRequestId}`,
      urgent: true,
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

/** The kinds whose line is their own (core's `notificationKinds`); null for any other. */
function pushForKind(notification: Notification, title: string): PushMessage | null {
  const meta = notification.metadata ?? {};
  const booking = meta.bookingId ? `booking-${meta.bookingId}` : `notification-${notification.id}`;
  const bookingUrl = meta.bookingId
    ? `/bookings?booking=${encodeURIComponent(String(meta.bookingId))}`
    : '/bookings';
  switch (meta.kind) {
    case 'en_route':
      return {
        title,
        body: `${meta.etaMinutes ? `About ${meta.etaMinutes} min away. ` : ''}Open your bookings to follow them on the map.`,
        url: bookingUrl,
        tag: booking,
      };
    case 'arrived':
      return {
        title,
        body: 'Look out for them at your truck, or open your bookings to call them.',
        url: bookingUrl,
        tag: booking,
      };
    case 'payment_receipt':
      return meta.paymentId
        ? {
            title,
            body: 'Open it to see or print your receipt.',
            url: `/receipts/${meta.paymentId}`,
            tag: `payment-${meta.paymentId}`,
          }
        : null;
    case 'plan_reminder':
      return {
        title,
        body: 'Open Billing to check the card it will be charged to.',
        url: '/profile?tab=subscription',
        tag: `notification-${notification.id}`,
      };
    case 'provider_application':
      return {
        title,
        body: 'Open the admin console to review it.',
        url: '/admin',
        tag: meta.providerId
          ? `provider-application-${meta.providerId}`
          : `notification-${notification.id}`,
      };
    case 'job_assigned':
      return {
        title,
        body: 'Open your jobs to see where and what.',
        url: bookingUrl,
        tag: booking,
      };
    // The reply itself is never pushed: it may name people or amounts.
    case 'support_reply':
      return {
        title,
        body: 'Open Help in your profile to read the answer.',
        url: '/profile?tab=help',
        tag: `notification-${notification.id}`,
      };
    default:
      return null;
  }
}
