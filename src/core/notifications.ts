import { z } from 'zod';
import { reminderTypes } from './billing/reminders.ts';
import { notificationCategories } from './notification-preferences.ts';

export const notificationTypes = [
  'booking_update',
  'service_reminder',
  'provider_nearby',
  'review_request',
  'promotion',
  'account_update',
] as const;

/**
 * The notifications whose lock-screen line needs more than their type and booking: what the push
 * says for each is in the server's push-message.ts (docs/product.md, "Who hears about what").
 * Channels may differ by kind too: `en_route` may be texted (the server's delivery-plan.ts).
 */
export const notificationKinds = [
  'en_route',
  'arrived',
  'payment_receipt',
  'plan_reminder',
  'provider_application',
  'job_assigned',
  'support_reply',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationMetadataSchema = z.object({
  providerId: z.string().optional(),
  bookingId: z.string().optional(),
  helpRequestId: z.string().optional(),
  /** Cannot wait (a truck beside moving traffic): flagged on screen, pushed with high urgency. */
  urgent: z.boolean().optional(),
  /** What it is about: each user chooses per category how it reaches them (notification-preferences.ts). */
  category: z.enum(notificationCategories).optional(),
  kind: z.enum(notificationKinds).optional(),
  /** The provider's rough ETA when they set off (to 5 minutes, as a share link shows it). */
  etaMinutes: z.number().int().optional(),
  /** The payment a receipt is for (`/receipts/:id`). */
  paymentId: z.string().optional(),
  /** The channel a plan reminder was planned for (email 7 or more days before, sms 3 or more, else push; docs/product.md §7). */
  reminderType: z.enum(reminderTypes).optional(),
});
export type NotificationMetadata = z.infer<typeof notificationMetadataSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
  metadata: notificationMetadataSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
