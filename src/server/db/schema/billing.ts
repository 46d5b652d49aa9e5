import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, timestampTz, createdAt, timestamps, userRef } from './columns.ts';
import { bookings } from './bookings.ts';

export const planType = pgEnum('plan_type', ['basic', 'premium', 'enterprise']);
export const subscriptionStatus = pgEnum('subscription_status', [
  'active',
  'cancelled',
  'expired',
  'completed',
  'pending',
  'failed',
]);
export const paymentStatus = pgEnum('payment_status', ['pending', 'completed', 'failed']);
export const reminderStatus = pgEnum('reminder_status', ['pending', 'sent']);
export const reminderType = pgEnum('reminder_type', ['email', 'sms', 'push']);

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
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
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
    ...timestamps(),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt)],
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
