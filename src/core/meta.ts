import { z } from 'zod';

/** What an installation says of itself: which outside services are real here, and demo data. */
export const metaSchema = z.object({
  email: z.enum(['smtp', 'outbox']),
  payments: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  /** Demo accounts and providers are seeded: the internal pages are open to everyone. */
  demoData: z.boolean(),
});
export type Meta = z.infer<typeof metaSchema>;
