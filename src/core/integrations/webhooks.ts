import { z } from 'zod';

/** What a business can hear about at its own endpoints (docs/api.md, "Webhooks"). */
export const webhookEventTypes = [
  'booking.created',
  'booking.updated',
  'booking.completed',
  'help_request.offered',
  'help_request.taken',
  'payment.succeeded',
  'review.created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Sent only by "Send test event"; an endpoint never subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'test.ping';

/** The header a delivery's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Truckfinder-Signature';
/** How long an old secret still signs (beside the new one) after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** A failing delivery is retried with growing delays for this long, then given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** An endpoint whose deliveries have all failed for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
/** Endpoints one business may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const webhookEndpointStatuses = ['enabled', 'disabled'] as const;
export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

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
