import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { planTypes } from '../../../core/billing/plans.ts';
import { reminderStatuses, reminderTypes } from '../../../core/billing/reminders.ts';
import { paymentStatuses, subscriptionStatuses } from '../../../core/billing/schemas.ts';
import { money, timestampTz, createdAt, timestamps, userRef } from './columns.ts';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

export const planType = pgEnum('plan_type', planTypes);
export const subscriptionStatus = pgEnum('subscription_status', subscriptionStatuses);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const reminderStatus = pgEnum('reminder_status', reminderStatuses);
export const reminderType = pgEnum('reminder_type', reminderTypes);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    planType: planType().notNull(),
    status: subscriptionStatus().notNull().default('active'),
    startDate: timestampTz().notNull().defaultNow(),
    endDate: timestampTz(),
    price: money().notNull(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    cancelledAt: timestampTz(),
    /** A cheaper plan taking over at `endDate` (downgrades wait for the paid period to end). */
    scheduledPlanType: planType(),
    /** Why the plan ended early (`test_payments_ended`); null when it ran its course. */
    endReason: text(),
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    // One subscription in play per user (being paid, running or being retried). Said with the
    // older statuses only: a migration cannot use an enum value it adds in the same transaction.
    uniqueIndex('subscriptions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} not in ('cancelled', 'expired', 'completed', 'failed')`),
    uniqueIndex('subscriptions_gateway_id_unique').on(t.stripeSubscriptionId),
    index('subscriptions_status_end_idx').on(t.status, t.endDate),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    amount: money().notNull(),
    currency: text().notNull().default('usd'),
    paymentMethod: text().notNull(),
    status: paymentStatus().notNull().default('pending'),
    stripePaymentIntentId: text().unique(),
    description: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** Printed on the receipt as TF-000123. */
    number: bigserial({ mode: 'number' }).notNull(),
    cardBrand: text(),
    cardLast4: text(),
    periodStart: timestampTz(),
    periodEnd: timestampTz(),
    failureMessage: text(),
    /** Why the provider disputed a driver's cash payment. */
    disputeReason: text(),
    /** A job paid by card: the platform's fee kept from it and the provider's payout account paid. */
    platformFeeCents: integer(),
    destinationAccountId: text(),
    ...timestamps(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_subscription_idx').on(t.subscriptionId),
    // A job's payments: its history, the one to pay, the bookings list's payment of each job.
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    // A job has one payment in play: being charged, paid, or cash awaiting confirmation or in
    // dispute (docs/decisions/035). Through payment_in_play() (migration 0016): a fresh database
    // runs every migration in one transaction, where PostgreSQL refuses enum literals added by
    // ALTER TYPE (like 'refunded'), and an index predicate may only call immutable functions.
    uniqueIndex('payments_booking_one_open')
      .on(t.bookingId)
      .where(sql`payment_in_play(${t.status})`),
    index('payments_disputed_idx').on(t.status, t.updatedAt),
  ],
);

export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    dueDate: timestampTz().notNull(),
    reminderDate: timestampTz().notNull(),
    status: reminderStatus().notNull().default('pending'),
    reminderType: reminderType().notNull(),
    amount: money().notNull(),
    planType: planType().notNull(),
    customerName: text().notNull(),
    daysBefore: integer().notNull(),
    sentAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_reminders_due_idx').on(t.status, t.reminderDate),
    index('payment_reminders_user_idx').on(t.userId),
    uniqueIndex('payment_reminders_unique').on(t.subscriptionId, t.dueDate, t.daysBefore),
  ],
);

/** Reminder settings per user; a user without a row has the defaults. */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailEnabled: boolean().notNull().default(true),
  smsEnabled: boolean().notNull().default(true),
  pushEnabled: boolean().notNull().default(true),
  daysBefore: integer()
    .array()
    .notNull()
    .default(sql`'{7,3,1}'::integer[]`),
  updatedAt: timestampTz().notNull().defaultNow(),
});

/** The user's customer at the payment gateway (one per gateway mode). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: userRef(),
    gateway: text().notNull(),
    customerId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gateway] }),
    uniqueIndex('billing_customers_customer_unique').on(t.customerId),
  ],
);

/** Each webhook event is acted on once: its id is stored in the transaction of its effect. */
export const webhookEvents = pgTable('webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestampTz().notNull().defaultNow(),
});

/** The scheduler's jobs: a runner leases a due job, so one server at a time runs it. */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  nextRunAt: timestampTz().notNull().defaultNow(),
  lockedUntil: timestampTz(),
  lockedBy: text(),
  lastRunAt: timestampTz(),
  lastError: text(),
});
