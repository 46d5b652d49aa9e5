import type { PushMessage } from '../../../core/push.ts';
import type { Notification } from '../../../core/notifications.ts';
import { serverText, type ServerText } from '../../i18n/index.ts';

/**
 * What a notification says on a lock screen (docs/decisions/045-delivery-queue.md): its title
 * (every caller writes a fixed one) and a fixed line per kind that says what to do. The
 * notification's message is never pushed: it may carry a place, a name or a reason someone typed.
 */
export function pushMessageFor(
  notification: Notification,
  { t }: ServerText = serverText('en'),
): PushMessage {
  const meta = notification.metadata ?? {};
  const title = notification.title.slice(0, 80);
  const urgent = meta.urgent === true ? { urgent: true } : {};
  const kind = meta.kind ? pushForKind(notification, title, t) : null;
  if (kind) return kind;
  // Always high urgency: the request goes to the next providers within minutes.
  if (meta.helpRequestId)
    return {
      title,
      body: meta.urgent ? t('pushHelpUrgent') : t('pushHelp'),
      url: `/bookings?help=${encodeURIComponent(String(meta.helpRequestId))}`,
      tag: `help-request-${meta.helpRequestId}`,
      urgent: true,
    };
  if (meta.bookingId)
    return {
      title,
      body:
        notification.type === 'review_request'
          ? t('pushRate')
          : meta.category === 'job_requests' || title.endsWith('booking request')
            ? t('pushAcceptOrDecline')
            : t('pushWhatChanged'),
      url: `/bookings?booking=${encodeURIComponent(String(meta.bookingId))}`,
      tag: `booking-${meta.bookingId}`,
      ...urgent,
    };
  return {
    title,
    body: notification.type === 'service_reminder' ? t('pushReminder') : t('pushDetails'),
    url: notification.type === 'account_update' ? '/profile' : '/bookings',
    tag: `notification-${notification.id}`,
  };
}

/** The kinds whose line is their own (core's `notificationKinds`); null for any other. */
function pushForKind(
  notification: Notification,
  title: string,
  t: ServerText['t'],
): PushMessage | null {
  const meta = notification.metadata ?? {};
  const booking = meta.bookingId ? `booking-${meta.bookingId}` : `notification-${notification.id}`;
  const bookingUrl = meta.bookingId
    ? `/bookings?booking=${encodeURIComponent(String(meta.bookingId))}`
    : '/bookings';
  switch (meta.kind) {
    case 'en_route':
      return {
        title,
        body: t('pushEnRoute', {
          away: meta.etaMinutes ? t('pushMinutesAway', { minutes: String(meta.etaMinutes) }) : '',
        }),
        url: bookingUrl,
        tag: booking,
      };
    case 'arrived':
      return {
        title,
        body: t('pushArrived'),
        url: bookingUrl,
        tag: booking,
      };
    case 'payment_receipt':
      return meta.paymentId
        ? {
            title,
            body: t('pushReceipt'),
            url: `/receipts/${meta.paymentId}`,
            tag: `payment-${meta.paymentId}`,
          }
        : null;
    case 'plan_reminder':
      return {
        title,
        body: t('pushPlanReminder'),
        url: '/profile?tab=subscription',
        tag: `notification-${notification.id}`,
      };
    case 'provider_application':
      return {
        title,
        body: t('pushApplication'),
        url: '/admin',
        tag: meta.providerId
          ? `provider-application-${meta.providerId}`
          : `notification-${notification.id}`,
      };
    case 'job_assigned':
      return {
        title,
        body: t('pushJobAssigned'),
        url: bookingUrl,
        tag: booking,
      };
    // The reply itself is never pushed: it may name people or amounts.
    case 'support_reply':
      return {
        title,
        body: t('pushSupportReply'),
        url: '/profile?tab=help',
        tag: `notification-${notification.id}`,
      };
    default:
      return null;
  }
}
