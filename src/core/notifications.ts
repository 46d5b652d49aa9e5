import { z } from 'zod';
import { notificationCategories } from './notification-preferences.ts';

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
      /** A job request that cannot wait (a truck beside moving traffic): pushed with high urgency. */
      urgent: z.boolean().optional(),
      /** What the user chose channels for (core/notification-preferences.ts). */
      category: z.enum(notificationCategories).optional(),
      /** Which moment of a job it reports, where the channels differ: `en_route` may be texted. */
      kind: z.enum(['en_route', 'arrived']).optional(),
      /** A billing reminder's scheduled channel (SPEC.md: email, sms or push). */
      reminderType: z.enum(['email', 'sms', 'push']).optional(),
    })
    .nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
