import { z } from 'zod';

export const notificationTypes = [
  'booking_update',
  'service_reminder',
  'provider_nearby',
  'review_request',
  'promotion',
  'account_update',
] as const;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
  metadata: z
    .object({
      providerId: z.string().optional(),
      bookingId: z.string().optional(),
      helpRequestId: z.string().optional(),
      urgent: z.boolean().optional(),
    })
    .nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
