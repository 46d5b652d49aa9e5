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

/** Each event in words, for the screens and the docs. */
export const webhookEventLabels: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'booking.created': 'A booking is made',
  'booking.updated': 'A booking changes (accepted, started, cancelled, assigned)',
  'booking.completed': 'A job is completed',
  'help_request.offered': 'A driver asks your business for help',
  'help_request.taken': 'Your business takes a help request',
  'payment.succeeded': 'A job is paid (card, or cash you confirmed)',
  'review.created': 'A driver reviews a job',
  [WEBHOOK_TEST_EVENT]: 'Test event',
};
