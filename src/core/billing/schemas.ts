import { z } from 'zod';
import { refundSchema } from './payouts.ts';
import { MAX_DOLLARS } from '../money.ts';
import { cardBrands } from './cards.ts';
import { planTypes } from './plans.ts';
import { reminderStatuses, reminderTypes } from './reminders.ts';

/** Subscription statuses (docs/billing.md); `past_due`: a renewal failed and is being retried. */
export const subscriptionStatuses = [
  'active',
  'past_due',
  'cancelled',
  'expired',
  'completed',
  'pending',
  'failed',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * Payment statuses (docs/billing.md). `refunded` is a downgrade's prorated credit; `processing`
 * holds a job's payment while its card is charged; a driver's cash is `awaiting_confirmation`
 * until the provider confirms it (`completed`) or disputes it (`disputed`, settled by an admin).
 * Only `completed` is paid.
 */
export const paymentStatuses = [
  'pending',
  'completed',
  'failed',
  'refunded',
  'processing',
  'awaiting_confirmation',
  'disputed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentMethodKinds = ['card', 'cash', 'ach'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

/** Stripe, the built-in test gateway, or none: a public server without Stripe keys takes no cards. */
export const gatewayModes = ['test', 'stripe', 'off'] as const;
export type GatewayMode = (typeof gatewayModes)[number];

/** What every card call answers (503) and every billing screen says when payments are off. */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server';

/** Why a plan ended early: it was paid through the test gateway, and this server takes no test payments now. */
export const TEST_PAYMENTS_ENDED = 'test_payments_ended';

const planType = z.enum(planTypes, { message: 'Plan must be basic, premium or enterprise' });
const money = z.number();
/** Prices and amounts come from the server; one sent in a body is accepted and ignored. */
const ignoredPrice = z.unknown().optional();

export const subscriptionSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  planType: z.enum(planTypes),
  status: z.enum(subscriptionStatuses),
  startDate: z.iso.datetime(),
  /** The next billing date while active; the day it stops once cancelled. */
  endDate: z.iso.datetime().nullable(),
  price: money,
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  /** A cheaper plan that takes over at `endDate` (a downgrade waits for the paid period to end). */
  scheduledPlanType: z.enum(planTypes).nullable(),
  /** Why the plan ended early, when it did: `test_payments_ended` (docs/billing.md). */
  endReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  bookingId: z.uuid().nullable(),
  subscriptionId: z.uuid().nullable(),
  amount: money,
  currency: z.string(),
  paymentMethod: z.string(),
  status: z.enum(paymentStatuses),
  stripePaymentIntentId: z.string().nullable(),
  description: z.string().nullable(),
  receiptNumber: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  failureMessage: z.string().nullable(),
  /** Why the provider disputed a cash payment. */
  disputeReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment with what its printable receipt shows. */
export const receiptSchema = paymentSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  businessName: z.string().nullable(),
  planType: z.enum(planTypes).nullable(),
  serviceType: z.string().nullable(),
  testMode: z.boolean(),
  /** Refunds of this payment, oldest first. */
  refunds: z.array(refundSchema),
  /** A job paid by card: the platform's fee in the total; null otherwise. */
  platformFee: z.number().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const reminderSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  subscriptionId: z.uuid(),
  dueDate: z.iso.datetime(),
  reminderDate: z.iso.datetime(),
  status: z.enum(reminderStatuses),
  reminderType: z.enum(reminderTypes),
  amount: money,
  planType: z.enum(planTypes),
  customerName: z.string(),
  daysBefore: z.number().int(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type PaymentReminder = z.infer<typeof reminderSchema>;

export const reminderSettingsSchema = z.object({
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  pushEnabled: z.boolean(),
  daysBefore: z
    .array(
      z.number().int().min(1, 'Days before must be 1 to 30').max(30, 'Days before must be 1 to 30'),
    )
    .min(1, 'Choose at least one day')
    .max(5, 'At most 5 reminders per renewal')
    .refine((days) => new Set(days).size === days.length, 'Each day only once'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const cardSchema = z.object({
  id: z.string(),
  brand: z.enum(cardBrands),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof cardSchema>;

export const allowanceSchema = z.object({
  planType: z.enum(planTypes).nullable(),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type BookingAllowance = z.infer<typeof allowanceSchema>;

export const billingModeSchema = z.object({
  mode: z.enum(gatewayModes),
  publishableKey: z.string().nullable(),
});
export type BillingMode = z.infer<typeof billingModeSchema>;

// ——— Requests ———

export const createSubscriptionInput = z.object({
  /** Ignored unless it names someone else, which is refused: the subscriber is the caller. */
  userId: z.uuid().optional(),
  planType,
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
  price: ignoredPrice,
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionInput>;

/** Where the page goes next: confirm the first payment with this client secret. */
export const subscriptionCheckoutSchema = z.object({
  subscriptionId: z.uuid(),
  clientSecret: z.string(),
  planType: z.enum(planTypes),
  amount: money,
  status: z.enum(subscriptionStatuses),
  testMode: z.boolean(),
});
export type SubscriptionCheckout = z.infer<typeof subscriptionCheckoutSchema>;

export const updateSubscriptionInput = z
  .object({
    planType: planType.optional(),
    price: ignoredPrice,
    /** `cancelled` cancels at the end of the paid period; `active` resumes before it ends. */
    status: z
      .enum(['cancelled', 'active'], { message: 'Status must be cancelled or active' })
      .optional(),
  })
  .refine((v) => v.planType !== undefined || v.status !== undefined, {
    message: 'Send a planType or a status',
  });
export type UpdateSubscriptionInput = z.infer<typeof updateSubscriptionInput>;

export const cancelSubscriptionInput = z.object({
  subscriptionId: z.uuid({ message: 'Expected a subscription id' }),
});

export const createPaymentInput = z
  .object({
    userId: z.uuid().optional(),
    subscriptionId: z.uuid().optional(),
    bookingId: z.uuid().optional(),
    /** Must equal what is owed when sent; the server computes it either way. */
    amount: z.number().min(0).max(MAX_DOLLARS).optional(),
    description: z.string().max(200).optional(),
    paymentMethod: z.enum(paymentMethodKinds, {
      message: 'Payment method must be card, ach or cash',
    }),
    /** A saved card (`pm_…`); the default card when left out. */
    paymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,60}$/, 'Expected a saved card id')
      .optional(),
  })
  .refine((v) => (v.subscriptionId ? 1 : 0) + (v.bookingId ? 1 : 0) === 1, {
    message: 'Pay either a bookingId or a subscriptionId',
    path: ['bookingId'],
  });
export type CreatePaymentInput = z.infer<typeof createPaymentInput>;

/**
 * What paying answers: done, one more step (card authentication), refused by the bank, or cash
 * recorded and waiting for the provider's confirmation.
 */
export const paymentResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'failed', 'awaiting_confirmation']),
  payment: paymentSchema.nullable(),
  clientSecret: z.string().nullable(),
  message: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const disputeCashInput = z.object({
  reason: z
    .string({ message: 'Say what was wrong with the cash payment' })
    .trim()
    .min(3, 'Say what was wrong with the cash payment (at least 3 characters)')
    .max(500, 'At most 500 characters'),
});
export type DisputeCashInput = z.infer<typeof disputeCashInput>;

export const resolveDisputeInput = z.object({
  /** `paid`: the cash was received after all; `not_paid`: the driver owes it again. */
  outcome: z.enum(['paid', 'not_paid'], { message: 'Outcome must be paid or not_paid' }),
  reason: z
    .string({ message: 'Give the reason for the decision' })
    .trim()
    .min(3, 'Give the reason for the decision (at least 3 characters)')
    .max(500, 'At most 500 characters'),
});
export type ResolveDisputeInput = z.infer<typeof resolveDisputeInput>;

/** A disputed cash payment as the admin console lists it. */
export const disputedPaymentSchema = paymentSchema.extend({
  driverName: z.string(),
  driverEmail: z.string(),
  serviceType: z.string(),
  businessName: z.string(),
});
export type DisputedPayment = z.infer<typeof disputedPaymentSchema>;

export const createReminderInput = z.object({
  userId: z.uuid().optional(),
  subscriptionId: z.uuid({ message: 'Expected a subscription id' }),
  dueDate: z.iso.datetime({ offset: true, message: 'Due date must be an ISO date-time' }),
  reminderDate: z.iso.datetime({ offset: true, message: 'Reminder date must be an ISO date-time' }),
  reminderType: z.enum(reminderTypes).optional(),
  /** Amount, plan and name come from the subscription; sent values are ignored. */
  amount: ignoredPrice,
  planType: z.unknown().optional(),
  customerName: z.unknown().optional(),
});
export type CreateReminderInput = z.infer<typeof createReminderInput>;

export const testCardInput = z.object({
  number: z.string().trim().min(1, 'Enter the card number').max(30),
  expMonth: z
    .number()
    .int()
    .min(1, 'Expiry month must be 1 to 12')
    .max(12, 'Expiry month must be 1 to 12'),
  expYear: z.number().int().min(0).max(2200),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  name: z.string().trim().max(200).optional(),
});
export type TestCardInput = z.infer<typeof testCardInput>;

/** The test gateway's answer to a confirmation (Stripe.js answers the same three ways). */
export const confirmResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'failed']),
  message: z.string().nullable(),
  code: z.string().nullable(),
});
export type ConfirmResult = z.infer<typeof confirmResultSchema>;
