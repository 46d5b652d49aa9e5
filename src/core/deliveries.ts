import { z } from 'zod';
import { deliveryChannels, deliveryStatuses } from './delivery-channels.ts';

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
