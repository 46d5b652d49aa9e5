import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz, timestamps } from './columns.ts';
import { payments } from './billing.ts';
import { serviceProviders } from './providers.ts';

/**
 * Money that reaches providers (docs/billing.md, "Payouts"): each business's payout account at the
 * gateway (Stripe Connect Express, or the test gateway's own), the one ledger every movement of
 * money is written to, refunds, card disputes, payouts and what the nightly reconciliation found.
 * Owned by the billing module.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    /** The gateway mode that holds the account (`test` or `stripe`). */
    gateway: text().notNull(),
    /** The connected account's id (`acct_…`). */
    accountId: text().notNull(),
    /** `pending_verification`, `payouts_enabled` or `restricted` (core/billing/payouts.ts). */
    status: text().notNull().default('pending_verification'),
    /** What the gateway still needs, as its requirement keys (`external_account`, …). */
    requirements: jsonb().$type<string[]>().notNull().default([]),
    disabledReason: text(),
    detailsSubmitted: boolean().notNull().default(false),
    chargesEnabled: boolean().notNull().default(false),
    payoutsEnabled: boolean().notNull().default(false),
    /** `daily` or `weekly` (Mondays). */
    schedule: text().notNull().default('daily'),
    bankLast4: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payout_accounts_provider_gateway_unique').on(t.providerId, t.gateway),
    uniqueIndex('payout_accounts_account_unique').on(t.accountId),
  ],
);

/** A payout of a provider's available balance to their bank. */
export const providerPayouts = pgTable(
  'provider_payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid().notNull(),
    accountId: text().notNull(),
    gatewayPayoutId: text().notNull(),
    amountCents: integer().notNull(),
    /** `in_transit`, `paid`, `failed` or `canceled` (Stripe's words). */
    status: text().notNull(),
    arrivalDate: timestampTz(),
    failureCode: text(),
    failureMessage: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('provider_payouts_gateway_unique').on(t.gatewayPayoutId),
    index('provider_payouts_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/** A refund of a card payment of a job, in full or in part. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    /** The platform fee given back, in proportion to the amount. */
    feeRefundCents: integer().notNull(),
    /** Taken back from the provider's share. */
    reversalCents: integer().notNull(),
    reason: text().notNull(),
    /** Who refunded it: an admin or the job's provider (null: the gateway's own, e.g. a dashboard refund). */
    byUserId: uuid(),
    gatewayRefundId: text(),
    status: text().notNull().default('succeeded'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_refunds_gateway_unique').on(t.gatewayRefundId),
  ],
);

/** A card dispute (chargeback) of a job payment. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    gatewayDisputeId: text().notNull(),
    amountCents: integer().notNull(),
    /** The card network's reason (`fraudulent`, `product_not_received`, …). */
    reason: text().notNull(),
    /** Stripe's dispute statuses: `needs_response`, `under_review`, `won`, `lost`, … */
    status: text().notNull(),
    evidenceDueBy: timestampTz(),
    closedAt: timestampTz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_disputes_gateway_unique').on(t.gatewayDisputeId),
    index('payment_disputes_payment_idx').on(t.paymentId),
    index('payment_disputes_open_idx').on(t.status, t.evidenceDueBy),
  ],
);

/**
 * The one ledger: every movement of money is two rows (double entry) that share a `movementKey`
 * and sum to zero, so each job, each account and the whole ledger sum to zero. Accounts:
 * `driver` (the card), `platform` (money the platform holds), `platform_revenue` (fees it earned),
 * `provider` (the provider's balance at the gateway) and `provider_bank`. No foreign keys: the
 * books outlive the rows they speak of.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** One movement, e.g. `charge:pi_123`, `refund:re_456`; with `account` it is unique. */
    movementKey: text().notNull(),
    /** `charge`, `platform_fee`, `transfer`, `refund`, `fee_refund`, `transfer_reversal`, `dispute`, `dispute_won`, `payout`, `payout_failed`. */
    kind: text().notNull(),
    account: text().notNull(),
    /** Signed cents: what the account gained (positive) or gave (negative). */
    amountCents: bigint({ mode: 'number' }).notNull(),
    paymentId: uuid(),
    bookingId: uuid(),
    providerId: uuid(),
    payoutId: uuid(),
    /** The gateway object behind it (`pi_…`, `re_…`, `po_…`). */
    gatewayRef: text(),
    /** For a provider's share: when the gateway makes it available for a payout. */
    availableOn: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_movement_account_unique').on(t.movementKey, t.account),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_provider_idx').on(t.providerId, t.account, t.createdAt),
    index('ledger_entries_payout_idx').on(t.payoutId),
    index('ledger_entries_kind_idx').on(t.kind, t.createdAt),
  ],
);

/** What the nightly reconciliation found different between the ledger and the gateway. */
export const ledgerDiscrepancies = pgTable(
  'ledger_discrepancies',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid(),
    gatewayRef: text().notNull(),
    /** What differs: `charged`, `refunded`, `platform_fee`, `transferred`, `reversed`, … */
    field: text().notNull(),
    ledgerCents: bigint({ mode: 'number' }).notNull(),
    gatewayCents: bigint({ mode: 'number' }).notNull(),
    detectedAt: timestampTz().notNull().defaultNow(),
    resolvedAt: timestampTz(),
    resolvedBy: uuid(),
    note: text(),
  },
  (t) => [
    uniqueIndex('ledger_discrepancies_open_unique')
      .on(t.gatewayRef, t.field)
      .where(sql`${t.resolvedAt} is null`),
    index('ledger_discrepancies_detected_idx').on(t.detectedAt),
  ],
);
