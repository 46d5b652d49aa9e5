import { z } from 'zod';
import { platformFeeCents as feeOf } from '../money.ts';

/**
 * Providers get paid (docs/billing.md, "Payouts"): the API contract of payout accounts, balances,
 * payouts, refunds, card disputes and the ledger. Money is in dollars at the edges, as everywhere.
 */

/** A business's payout account; `not_started` has no account at the gateway yet. */
export const payoutAccountStatuses = [
  'not_started',
  'pending_verification',
  'payouts_enabled',
  'restricted',
] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

export const payoutSchedules = ['daily', 'weekly'] as const;
export type PayoutSchedule = (typeof payoutSchedules)[number];

/** Days after a card payment before the provider's share can be paid out (Stripe's US standard). */
export const FUNDS_AVAILABLE_AFTER_DAYS = 2;
/** How long the job's provider may refund a job payment (an admin may at any time). */
export const PROVIDER_REFUND_WINDOW_DAYS = 14;

/** Stripe's documented test bank details (the test gateway's onboarding takes these). */
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_ACCOUNT_NUMBER = '000123456789';
/** Payouts to this test account fail (`no_account`), as at Stripe. */
export const TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL = '000111111116';

export const payoutAccountSchema = z.object({
  status: z.enum(payoutAccountStatuses),
  /** What is missing, in words for the owner ("Bank account", "Identity document", …). */
  requirements: z.array(z.string()),
  payoutsEnabled: z.boolean(),
  schedule: z.enum(payoutSchedules),
  bankLast4: z.string().nullable(),
  /** The last payout failed: what to fix; null otherwise. */
  payoutFailure: z.string().nullable(),
  testMode: z.boolean(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutAccountLinkSchema = z.object({ url: z.string() });

export const updatePayoutScheduleInput = z.object({ schedule: z.enum(payoutSchedules) });

export const payoutBalanceSchema = z.object({
  /** Not yet available (inside the 2 days). */
  pending: z.number(),
  /** Ready for the next payout. */
  available: z.number(),
  /** Paid to the bank, all time. */
  paidOut: z.number(),
  /** Held while a card dispute is open. */
  frozen: z.number(),
  schedule: z.enum(payoutSchedules),
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

export const payoutStatuses = ['in_transit', 'paid', 'failed', 'canceled'] as const;

export const payoutJobSchema = z.object({
  bookingId: z.uuid().nullable(),
  paymentId: z.uuid().nullable(),
  serviceType: z.string().nullable(),
  /** The provider's share of the job in this payout (negative for a refund taken back). */
  amount: z.number(),
  paidAt: z.iso.datetime(),
});

export const payoutSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  arrivalDate: z.iso.datetime().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  jobs: z.array(payoutJobSchema),
});
export type Payout = z.infer<typeof payoutSchema>;

export const refundInput = z.object({
  /** Dollars; the whole remaining amount when left out. */
  amount: z.number().positive('Enter an amount above $0').multipleOf(0.01).optional(),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the payment is refunded (at least 3 characters)')
    .max(500, 'Keep the reason under 500 characters'),
});
export type RefundInput = z.infer<typeof refundInput>;

export const refundSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  amount: z.number(),
  platformFeeRefunded: z.number(),
  providerReversed: z.number(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
});
export type Refund = z.infer<typeof refundSchema>;

export const cardDisputeSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  bookingId: z.uuid().nullable(),
  amount: z.number(),
  reason: z.string(),
  status: z.string(),
  evidenceDueBy: z.iso.datetime().nullable(),
  businessName: z.string().nullable(),
  driverName: z.string().nullable(),
  serviceType: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CardDispute = z.infer<typeof cardDisputeSchema>;

export const ledgerAccounts = [
  'driver',
  'platform',
  'platform_revenue',
  'provider',
  'provider_bank',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export const ledgerKinds = [
  'charge',
  'platform_fee',
  'transfer',
  'refund',
  'fee_refund',
  'transfer_reversal',
  'dispute',
  'dispute_won',
  'payout',
  'payout_failed',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** The admin's money figures, all from the ledger. */
export const ledgerSummarySchema = z.object({
  charged: z.number(),
  platformFees: z.number(),
  feesRefunded: z.number(),
  /** Platform fees kept: fees minus fees refunded. */
  netRevenue: z.number(),
  transferredToProviders: z.number(),
  refunded: z.number(),
  paidOut: z.number(),
  inDispute: z.number(),
  openDiscrepancies: z.number(),
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;

export const ledgerDiscrepancySchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid().nullable(),
  gatewayRef: z.string(),
  field: z.string(),
  ledger: z.number(),
  gateway: z.number(),
  detectedAt: z.iso.datetime(),
});
export type LedgerDiscrepancy = z.infer<typeof ledgerDiscrepancySchema>;

/**
 * A job's total split at the source: the driver pays `base` (the actual cost, else the visit fee)
 * plus the platform fee; the platform keeps exactly the fee (`application_fee_amount`), the
 * provider gets the base, to the cent.
 */
export function jobSplit(baseCents: number) {
  const platformFeeCents = feeOf(baseCents);
  return {
    totalCents: baseCents + platformFeeCents,
    platformFeeCents,
    providerCents: baseCents,
  };
}

/**
 * A refund's parts, as Stripe computes them with `refund_application_fee` and `reverse_transfer`:
 * the fee and the transfer given back in proportion to the amount refunded (rounded half up);
 * a refund of everything left gives back everything left, so a job refunded in parts still nets
 * to zero.
 */
export function refundSplit(input: {
  refundCents: number;
  totalCents: number;
  feeCents: number;
  refundedBeforeCents: number;
  feeRefundedBeforeCents: number;
  reversedBeforeCents: number;
}) {
  const providerCents = input.totalCents - input.feeCents;
  const last = input.refundedBeforeCents + input.refundCents >= input.totalCents;
  const feeRefundCents = last
    ? input.feeCents - input.feeRefundedBeforeCents
    : Math.floor(
        (input.feeCents * input.refundCents * 2 + input.totalCents) / (2 * input.totalCents),
      );
  const reversalCents = last
    ? providerCents - input.reversedBeforeCents
    : input.refundCents - feeRefundCents;
  return { feeRefundCents, reversalCents };
}
