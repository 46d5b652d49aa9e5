import { z } from 'zod';
import {
  WEBHOOK_TEST_EVENT,
  webhookDeliveryStatuses,
  webhookEndpointStatuses,
  webhookEventTypes,
} from './webhook-rules.ts';

const eventList = z
  .array(z.enum(webhookEventTypes))
  .min(1, 'Choose at least one event')
  .refine((events) => new Set(events).size === events.length, 'Each event only once');

export const createWebhookInput = z.object({
  /** HTTPS on a public server; checked again, after DNS, at each delivery. */
  url: z.url({ message: 'Enter a valid URL' }).max(2000, 'URL must be at most 2000 characters'),
  events: eventList,
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  status: z.enum(webhookEndpointStatuses),
  /** Why it was disabled (a day of failures), else null. */
  disabledReason: z.string().nullable(),
  /** When the previous secret stops signing after a rotation; null when there is none. */
  previousSecretExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to registering an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookSecretSchema = z.object({ id: z.uuid(), secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The event's id: the same in every delivery and retry of one event (`Truckfinder-Event-Id`). */
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null when it never answered. */
  responseStatus: z.number().int().nullable(),
  /** The first characters of its last answer, or why the request failed. */
  responseBody: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Changing an endpoint: turn it back on (or off), or change what it hears about. */
export const updateWebhookInput = z
  .object({ enabled: z.boolean().optional(), events: eventList.optional() })
  .refine((input) => input.enabled !== undefined || input.events !== undefined, {
    message: 'Say what to change: enabled or events',
  });
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const webhookDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/*
 * What each event's `data` holds: a small, stable object (docs/api.md, "Webhooks"). Never the
 * driver's email or phone. Money in dollars, times ISO 8601 UTC.
 */
export const bookingEventData = z.object({
  id: z.uuid(),
  status: z.string(),
  serviceType: z.string(),
  location: z.string().nullable(),
  preferredDate: z.iso.datetime().nullable(),
  visitFee: z.number().nullable(),
  /** The driver's first name only. */
  driverFirstName: z.string(),
  /** The business's technician doing the job, else null. */
  technicianId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BookingEventData = z.infer<typeof bookingEventData>;

export const helpRequestEventData = z.object({
  id: z.uuid(),
  serviceType: z.string(),
  location: z.string().nullable(),
  /** The truck is beside moving traffic. */
  emergency: z.boolean(),
  status: z.string(),
  /** The booking made when this business took the request; null until then. */
  bookingId: z.uuid().nullable(),
});
export type HelpRequestEventData = z.infer<typeof helpRequestEventData>;

export const paymentEventData = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  /** What the driver paid, in dollars. */
  amount: z.number(),
  /** The platform's part of it (card payments), in dollars; null for cash. */
  platformFee: z.number().nullable(),
  method: z.string(),
});
export type PaymentEventData = z.infer<typeof paymentEventData>;

export const reviewEventData = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
});
export type ReviewEventData = z.infer<typeof reviewEventData>;

export const testEventData = z.object({ message: z.string() });

/** The `data` of each event type. */
export const webhookEventData = {
  'booking.created': bookingEventData,
  'booking.updated': bookingEventData,
  'booking.completed': bookingEventData,
  'help_request.offered': helpRequestEventData,
  'help_request.taken': helpRequestEventData,
  'payment.succeeded': paymentEventData,
  'review.created': reviewEventData,
  [WEBHOOK_TEST_EVENT]: testEventData,
} as const;
export type WebhookEventDataOf<T extends keyof typeof webhookEventData> = z.infer<
  (typeof webhookEventData)[T]
>;

/** The body of every delivery: `{"id", "type", "created", "data"}` (`created` in unix seconds). */
export const webhookEventBody = z.object({
  id: z.uuid(),
  type: z.enum([...webhookEventTypes, WEBHOOK_TEST_EVENT]),
  created: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof webhookEventBody>;

/** The answer to "Send test event" and "Resend": the delivery to follow in the log. */
export const webhookQueuedSchema = z.object({ eventId: z.uuid(), deliveryId: z.uuid() });
export type WebhookQueued = z.infer<typeof webhookQueuedSchema>;
