import { z } from 'zod';
import { toCents } from '#core/money.ts';

/**
 * The refund dialog's form: an amount in dollars up to what is left, and the reason. The reason's
 * rule is core's `refundInput` (billing/payouts.ts), written out so the dialog does not split the
 * API schemas into a chunk of their own; the server checks it again.
 */
export const refundFormSchema = (leftCents: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in dollars and cents')
      .refine((value) => toCents(Number(value)) > 0, 'Enter an amount above $0')
      .refine(
        (value) => toCents(Number(value)) <= leftCents,
        `At most $${(leftCents / 100).toFixed(2)} is left to refund`,
      ),
    reason: z
      .string()
      .trim()
      .min(3, 'Say why the payment is refunded (at least 3 characters)')
      .max(500, 'Keep the reason under 500 characters'),
  });
export type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;
