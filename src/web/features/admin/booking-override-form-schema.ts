import { z } from 'zod';
import { adminBookingChangeSchema, suspensionSchema } from '#core/admin/schemas.ts';

/** An override always says why: the contract's change, with the reason required. */
export const overrideFormSchema = z.object({
  status: adminBookingChangeSchema.shape.status,
  reason: suspensionSchema.shape.reason,
  actualCost: adminBookingChangeSchema.shape.actualCost,
});
export type OverrideForm = z.infer<typeof overrideFormSchema>;
