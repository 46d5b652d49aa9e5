import { z } from 'zod';

const base64url = (name: string, bytes: string, pattern: RegExp) =>
  z
    .string({ message: `${name} is required` })
    .regex(pattern, `${name} must be ${bytes} in base64url, as the browser gives it`);

/**
 * The browser's `PushSubscription.toJSON()`. Whether an `http:` endpoint is accepted depends on
 * the server (only a loopback one on a server nobody else reaches), so the service decides that.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: 'endpoint must be the push service’s https address' })
    .max(1024, 'endpoint must be at most 1024 characters'),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04.
      p256dh: base64url('keys.p256dh', 'a 65-byte P-256 public key', /^B[A-Za-z0-9_-]{86}=?$/),
      auth: base64url('keys.auth', 'a 16-byte secret', /^[A-Za-z0-9_-]{22}(==)?$/),
    },
    { message: 'keys with p256dh and auth are required' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  createdAt: z.iso.datetime(),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

/** What a push says: shown by the service worker, `url` is a path of the app a tap opens. */
export const pushMessageSchema = z.object({
  title: z.string().min(1).max(80),
  body: z.string().max(300),
  url: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'url must be a path of the app, like /bookings/…'),
  /** A newer message with the same tag replaces the older one on the device. */
  tag: z.string().min(1).max(100),
  /** A job request that cannot wait: sent with urgency high. */
  urgent: z.boolean().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
