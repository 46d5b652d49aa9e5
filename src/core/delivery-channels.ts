import type { PushMessage } from './push.ts';

/** How a notification reaches someone away from the screen (docs/notifications.md). */
export const deliveryChannels = ['push', 'email', 'sms'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/** A notification's email: sent to the user's confirmed address when it goes out. */
export interface EmailContent {
  subject: string;
  text: string;
  /** A receipt's email: the payment whose PDF the dispatcher attaches. */
  receiptPaymentId?: string;
}

/** A notification's text message: `url`, a path of the app, follows the text as a full link. */
export interface SmsContent {
  text: string;
  url: string;
}

/** What one delivery carries, by channel. */
export interface DeliveryContent {
  push: PushMessage;
  email: EmailContent;
  sms: SmsContent;
}
export type DeliveryPayload = DeliveryContent[DeliveryChannel];

/** queued → sent | dropped | failed (docs/decisions/045-delivery-queue.md). */
export const deliveryStatuses = ['queued', 'sent', 'failed', 'dropped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
