import {
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
