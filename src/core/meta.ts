import { z } from 'zod';

/** What an installation says of itself: which outside services are real here, and demo data. */
export const metaSchema = z.object({
  email: z.enum(['smtp', 'outbox']),
  /** `outbox`: no SMS provider here, texts wait in the admin outbox. */
  sms: z.enum(['provider', 'outbox']),
  /** `off`: a public server without Stripe keys takes no card payments (cash still works). */
  payments: z.enum(['test', 'stripe', 'off']),
  stripePublishableKey: z.string().nullable(),
  /** Demo accounts and providers are seeded: the internal pages are open to everyone. */
  demoData: z.boolean(),
});
export type Meta = z.infer<typeof metaSchema>;
