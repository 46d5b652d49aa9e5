import { z } from 'zod';
import { refundInput } from '#core/billing/payouts.ts';
import { toCents } from '#core/money.ts';

/** The refund dialog's form: an amount in dollars up to what is left, and the reason. */
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
    reason: refundInput.shape.reason,
  });
export type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;
