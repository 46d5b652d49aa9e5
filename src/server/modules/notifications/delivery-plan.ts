import { categoryOf, quietUntil } from '../../../core/notification-preferences.ts';
import type { EmailContent } from '../../../core/delivery-channels.ts';
import type { Notification } from '../../../core/notifications.ts';
import { serverText } from '../../i18n/index.ts';
import type { NewDelivery } from '../deliveries/index.ts';
import { pushMessageFor } from './push-message.ts';
import type { Recipient } from './recipients.repository.ts';

/**
 * Texts cost money and wake people: only what cannot wait is ever texted from a notification — a
 * driver needing help nearby, a mechanic on the way. (The billing schedule queues its reminders of
 * type sms itself, by the reminder settings: reminders.service.ts.)
 */
export function textable(notification: Notification): boolean {
  const meta = notification.metadata ?? {};
  return Boolean(meta.helpRequestId) || meta.kind === 'en_route';
}

/**
 * The deliveries one notification makes for one recipient: push to their devices, an email to
 * their confirmed address, a text to their confirmed phone — each when their choices for its
 * category say so. Push and texts wait for the end of quiet hours, except an urgent job request
 * to a provider who is available.
 */
export function planDeliveries(
  notification: Notification,
  recipient: Recipient,
  now: Date,
): NewDelivery[] {
  const { channels, quietHours, timeZone } = recipient.preferences;
  const meta = notification.metadata ?? {};
  const category = categoryOf(notification);
  const chosen = channels[category];
  const urgentForAvailable =
    meta.urgent === true && category === 'job_requests' && recipient.available;
  const notBefore = urgentForAvailable
    ? undefined
    : (quietUntil(now, quietHours, timeZone) ?? undefined);
  const text = serverText(recipient.language, timeZone);
  const push = pushMessageFor(notification, text);
  const common = { userId: recipient.id, eventKey: notification.id };
  const planned: NewDelivery[] = [];
  if (recipient.pushNotifications && chosen.push && recipient.hasDevice)
    planned.push({ ...common, channel: 'push', payload: push, notBefore });
  // A plan reminder's email is the reminder's own, by its settings (reminders.service.ts).
  const ownEmail = meta.kind === 'plan_reminder';
  if (recipient.emailUpdates && chosen.email && recipient.emailConfirmed && !ownEmail) {
    // A receipt's email names its payment: the dispatcher attaches the receipt's PDF.
    const email: EmailContent = {
      subject: text.t('notificationEmailSubject', { title: notification.title }),
      text: text.t('notificationEmailText', { message: notification.message }),
      ...(meta.kind === 'payment_receipt' && typeof meta.paymentId === 'string'
        ? { receiptPaymentId: meta.paymentId }
        : {}),
    };
    planned.push({ ...common, channel: 'email', payload: email });
  }
  if (textable(notification) && chosen.sms && recipient.phoneConfirmed)
    planned.push({
      ...common,
      channel: 'sms',
      payload: {
        text: text.t('smsNotification', { title: push.title, body: push.body }),
        url: push.url,
      },
      notBefore,
    });
  return planned;
}
