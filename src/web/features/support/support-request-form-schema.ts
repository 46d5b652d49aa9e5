import { z } from 'zod';
import { createSupportRequestSchema } from '#core/support/schemas.ts';

/** The support request form: its booking select holds '' for "no booking". */
export const supportRequestFormSchema = createSupportRequestSchema.extend({
  bookingId: z.string(),
});
export type SupportRequestForm = z.infer<typeof supportRequestFormSchema>;
