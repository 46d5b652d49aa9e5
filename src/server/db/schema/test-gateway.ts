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
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns.ts';

/**
 * The built-in test-mode payment gateway's own books (docs/billing.md): what Stripe would keep
 * on its servers. Card numbers are never stored, only brand, last 4, expiry and how the test card
 * behaves.
 */
export const testGatewayCustomers = pgTable('test_gateway_customers', {
  id: text().primaryKey(),
  email: text().notNull(),
  name: text().notNull(),
  userId: text().notNull(),
  defaultPaymentMethodId: text(),
  createdAt: createdAt(),
});

export const testGatewayPaymentMethods = pgTable(
  'test_gateway_payment_methods',
  {
    id: text().primaryKey(),
    customerId: text(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    /** What the test card does when charged: succeeds, declined, insufficient_funds, authentication_required. */
    behaviour: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_pm_customer_idx').on(t.customerId)],
);

export const testGatewaySubscriptions = pgTable(
  'test_gateway_subscriptions',
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    planType: text().notNull(),
    status: text().notNull(),
    currentPeriodStart: timestampTz().notNull(),
    currentPeriodEnd: timestampTz().notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** A cheaper plan that starts with the next period (a downgrade). */
    scheduledPlanType: text(),
    defaultPaymentMethodId: text(),
    localId: text(),
    /** Renewal attempts that failed for the open invoice, and when the next one is due. */
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestampTz(),
    openInvoiceId: text(),
    cancellationReason: text(),
    createdAt: createdAt(),
    endedAt: timestampTz(),
  },
  (t) => [index('test_gateway_subs_due_idx').on(t.status, t.currentPeriodEnd)],
);

/** Payment and setup intents; an invoice's fields ride on the intent that pays it. */
export const testGatewayIntents = pgTable(
  'test_gateway_intents',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    /** Like Stripe's, retrievable: it lets the page confirm this intent, nothing else. */
    clientSecret: text().notNull(),
    customerId: text(),
    amountCents: integer().notNull().default(0),
    currency: text().notNull().default('usd'),
    status: text().notNull(),
    paymentMethodId: text(),
    description: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    subscriptionId: text(),
    invoiceId: text(),
    billingReason: text(),
    periodStart: timestampTz(),
    periodEnd: timestampTz(),
    lastError: text(),
    /** A destination charge (Stripe Connect): the platform's fee and the connected account paid. */
    applicationFeeCents: integer(),
    destinationAccountId: text(),
    amountRefundedCents: integer().notNull().default(0),
    /** Like Stripe's Idempotency-Key: a second charge with the same key answers the first one. */
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_gateway_intents_secret_unique').on(t.clientSecret),
    uniqueIndex('test_gateway_intents_idempotency_unique').on(t.idempotencyKey),
    index('test_gateway_intents_sub_idx').on(t.subscriptionId),
  ],
);

/** Webhook events waiting to be posted to the app's own webhook endpoint. */
export const testGatewayEvents = pgTable(
  'test_gateway_events',
  {
    id: text().primaryKey(),
    /** Delivery order: the order the gateway wrote them. */
    seq: bigserial({ mode: 'number' }).notNull(),
    type: text().notNull(),
    payload: text().notNull(),
    attempts: integer().notNull().default(0),
    /** A runner posting it holds it until then; another may retry after. */
    claimedUntil: timestampTz(),
    deliveredAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_events_pending_idx').on(t.deliveredAt, t.seq)],
);

/** Connected accounts (Stripe Connect Express), onboarded on the test gateway's own page. */
export const testGatewayAccounts = pgTable('test_gateway_accounts', {
  id: text().primaryKey(),
  email: text().notNull(),
  businessName: text().notNull(),
  metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
  detailsSubmitted: boolean().notNull().default(false),
  chargesEnabled: boolean().notNull().default(false),
  payoutsEnabled: boolean().notNull().default(false),
  /** Stripe's `requirements.currently_due` keys. */
  currentlyDue: jsonb().$type<string[]>().notNull().default([]),
  disabledReason: text(),
  /** The test identity and bank as entered (never a full account number: last 4 only). */
  individual: jsonb().$type<Record<string, string>>(),
  bankRouting: text(),
  bankLast4: text(),
  /** What the test bank account does with a payout: `succeeds` or `fails` (Stripe's 000111111116). */
  bankBehaviour: text(),
  payoutInterval: text().notNull().default('daily'),
  weeklyAnchor: text().notNull().default('monday'),
  createdAt: createdAt(),
});

/** A connected account's balance movements: what is pending until `availableOn`, and payouts. */
export const testGatewayBalanceTransactions = pgTable(
  'test_gateway_balance_transactions',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    /** `payment` (a destination charge's transfer), `transfer_reversal`, `payout`, `payout_failure`. */
    type: text().notNull(),
    amountCents: integer().notNull(),
    availableOn: timestampTz().notNull(),
    sourceId: text().notNull(),
    /** The payout that took it to the bank. */
    payoutId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_btx_account_idx').on(t.accountId, t.availableOn),
    index('test_gateway_btx_payout_idx').on(t.payoutId),
  ],
);

export const testGatewayPayouts = pgTable(
  'test_gateway_payouts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    amountCents: integer().notNull(),
    status: text().notNull(),
    arrivalDate: timestampTz().notNull(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: timestampTz().notNull(),
  },
  (t) => [index('test_gateway_payouts_due_idx').on(t.status, t.arrivalDate)],
);

/** Refunds of payment intents, with the platform fee refunded and the transfer reversed. */
export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text().primaryKey(),
    paymentIntentId: text().notNull(),
    amountCents: integer().notNull(),
    feeRefundCents: integer().notNull().default(0),
    reversalCents: integer().notNull().default(0),
    reason: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_refunds_intent_idx').on(t.paymentIntentId),
    uniqueIndex('test_gateway_refunds_idempotency_unique').on(t.idempotencyKey),
  ],
);

export const testGatewayDisputes = pgTable('test_gateway_disputes', {
  id: text().primaryKey(),
  paymentIntentId: text().notNull(),
  amountCents: integer().notNull(),
  reason: text().notNull(),
  status: text().notNull(),
  evidenceDueBy: timestampTz().notNull(),
  createdAt: createdAt(),
});

/**
 * The test gateway's clock (Stripe's test clocks): how far it runs ahead of the wall clock, so a
 * test or a demo can see funds become available and payouts arrive days later. One row.
 */
export const testGatewayClock = pgTable('test_gateway_clock', {
  id: integer().primaryKey(),
  offsetMs: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: timestampTz().notNull().defaultNow(),
});
