import { z } from 'zod';

/** Where an outbox message stands: kept in the outbox, sent, or failed to send. */
export const emailDeliveries = ['outbox', 'sent', 'failed'] as const;
export type EmailDelivery = (typeof emailDeliveries)[number];

/** How an outbox message goes out: `to` is an email address or, for sms, a phone number. */
export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** GET /api/admin/outbox: a message the product wrote, sent over SMTP or kept in the outbox. */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Files sent with the message, by name and size in bytes (never their content). */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().min(0) }),
  ),
  delivery: z.enum(emailDeliveries),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Its query: the newest messages, optionally to one address. */
export const outboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxFilter = Partial<z.infer<typeof outboxQuerySchema>>;
