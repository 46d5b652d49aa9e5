import type { NotificationMetadata } from '../../../core/notifications.ts';
import type { Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Localized } from '../../i18n/index.ts';
import { insertNotifications } from '../notifications/index.ts';

/**
 * Tells a user about their billing (stored, pushed live, emailed if they asked for email), in the
 * payments category.
 */
export async function notifyBilling(
  exec: Executor,
  events: EventBus,
  userId: string,
  title: Localized,
  message: Localized,
  options: {
    type?: 'account_update' | 'service_reminder';
    metadata?: NotificationMetadata;
  } = {},
) {
  const [notification] = await insertNotifications(exec, [
    {
      userId,
      type: options.type ?? 'account_update',
      title,
      message,
      metadata: { ...options.metadata, category: 'payments' },
    },
  ]);
  await events.publish(exec, { userIds: [userId] }, { type: 'notification', data: notification! });
}

/** The payer's receipt: the amount, what it paid for, and a link to the printable receipt. */
export const notifyReceipt = (
  exec: Executor,
  events: EventBus,
  payment: { id: string; userId: string; amount: number; description: string | null },
) =>
  notifyBilling(
    exec,
    events,
    payment.userId,
    ({ t }) => t('paymentReceipt'),
    ({ t, f }) =>
      t('paymentReceiptMessage', {
        amount: f.money(payment.amount),
        purpose: payment.description ? t('paidFor', { description: payment.description }) : '',
      }),
    { metadata: { kind: 'payment_receipt', paymentId: payment.id } },
  );
