import { z } from 'zod';
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

/** GET /api/admin/deliveries: pages counted from 1, newest first. */
export const adminDeliveriesQuerySchema = z.object({
  channel: z.enum(deliveryChannels, { message: 'Channel must be push, email or sms' }).optional(),
  status: z
    .enum(deliveryStatuses, { message: 'Status must be queued, sent, failed or dropped' })
    .optional(),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 rows a page').default(20),
});
export type AdminDeliveriesQuery = z.infer<typeof adminDeliveriesQuerySchema>;

/** One row of the delivery log: who, how and what happened, never what the message said. */
export const adminDeliverySchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  channel: z.enum(deliveryChannels),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;
export const adminDeliveriesSchema = z.object({
  deliveries: z.array(adminDeliverySchema),
  total: z.number().int().min(0),
});
