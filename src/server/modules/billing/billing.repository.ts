import { and, count, desc, eq, gt, gte, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { PlanType } from '../../../core/billing/plans.ts';
import type { Payment, Receipt, Subscription } from '../../../core/billing/schemas.ts';
import type { Executor } from '../../db/client.ts';
import {
  billingCustomers,
  bookings,
  payments,
  serviceProviders,
  subscriptions,
  users,
  webhookEvents,
} from '../../db/schema/index.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  userId: row.userId,
  planType: row.planType,
  status: row.status,
  startDate: row.startDate.toISOString(),
  endDate: iso(row.endDate),
  price: row.price,
  stripeCustomerId: row.stripeCustomerId,
  stripeSubscriptionId: row.stripeSubscriptionId,
  scheduledPlanType: row.scheduledPlanType,
  endReason: row.endReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const receiptNumber = (n: number) => `TF-${String(n).padStart(6, '0')}`;

export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  userId: row.userId,
  bookingId: row.bookingId,
  subscriptionId: row.subscriptionId,
  amount: row.amount,
  currency: row.currency,
  paymentMethod: row.paymentMethod,
  status: row.status,
  stripePaymentIntentId: row.stripePaymentIntentId,
  description: row.description,
  receiptNumber: receiptNumber(row.number),
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  periodStart: iso(row.periodStart),
  periodEnd: iso(row.periodEnd),
  failureMessage: row.failureMessage,
  disputeReason: row.disputeReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The subscription that governs the user's plan: running, being retried, or cancelled, and in
 * every case only until its `endDate` (a plan nobody renewed is no plan).
 */
const governs = (now: Date) =>
  and(
    inArray(subscriptions.status, ['active', 'past_due', 'cancelled']),
    gt(subscriptions.endDate, now),
  );

export async function findCurrentSubscription(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), governs(now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function currentPlanType(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<PlanType | null> {
  return (await findCurrentSubscription(db, userId, now))?.planType ?? null;
}

/** The test gateway's subscription ids start `sub_test_`; Stripe's (`sub_` and letters and digits) never do. */
export const TEST_GATEWAY_SUBSCRIPTION_ID = '^sub_test_';

/**
 * Ends every plan still running on a test-gateway subscription, at once: this server no longer
 * takes test payments, so a plan bought with a test card must not keep its features. Answers
 * the rows ended.
 */
export async function endTestSubscriptions(db: Executor, reason: string, now = new Date()) {
  const at = now.toISOString();
  return db
    .update(subscriptions)
    .set({
      status: sql`case when ${subscriptions.status} = 'pending' then 'failed'::subscription_status else 'expired'::subscription_status end`,
      endDate: sql`least(coalesce(${subscriptions.endDate}, ${at}::timestamptz), ${at}::timestamptz)`,
      cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, ${now})`,
      scheduledPlanType: null,
      endReason: reason,
      updatedAt: now,
    })
    .where(
      and(
        sql`${subscriptions.stripeSubscriptionId} ~ ${TEST_GATEWAY_SUBSCRIPTION_ID}`,
        or(
          inArray(subscriptions.status, ['active', 'past_due', 'pending']),
          and(eq(subscriptions.status, 'cancelled'), gt(subscriptions.endDate, now)),
        ),
      ),
    )
    .returning({ id: subscriptions.id, userId: subscriptions.userId });
}

export async function listSubscriptions(db: Executor, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(100);
}

export async function findSubscription(db: Executor, id: string, lock = false) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findSubscriptionByGatewayId(db: Executor, gatewayId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, gatewayId))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The user's subscription being paid for the first time, if any. */
export async function findPendingSubscription(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'pending')))
    .limit(1);
  return row ?? null;
}

export async function insertSubscription(db: Executor, row: typeof subscriptions.$inferInsert) {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted!;
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/** A new plan replaces the user's cancelled one that was still running out. */
export async function replaceCancelledSubscriptions(db: Executor, userId: string, keepId: string) {
  await db
    .update(subscriptions)
    .set({ status: 'expired', endDate: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'cancelled'),
        sql`${subscriptions.id} <> ${keepId}`,
      ),
    );
}

/** Cancelled plans whose paid period is over. */
export async function expireEndedSubscriptions(db: Executor, now: Date) {
  return db
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.endDate, now)))
    .returning({ id: subscriptions.id, userId: subscriptions.userId });
}

export async function findCustomerId(db: Executor, userId: string, gateway: string) {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.gateway, gateway)))
    .limit(1);
  return row?.customerId ?? null;
}

export async function saveCustomerId(
  db: Executor,
  userId: string,
  gateway: string,
  customerId: string,
) {
  await db.insert(billingCustomers).values({ userId, gateway, customerId }).onConflictDoNothing();
}

export async function listPayments(db: Executor, userId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.number))
    .limit(500);
}

export async function findPayment(db: Executor, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** The payment, locked until the transaction ends: whoever settles it next waits and sees this change. */
export async function lockPayment(db: Executor, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function findPaymentByIntent(db: Executor, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, paymentIntentId))
    .limit(1);
  return row ?? null;
}

export async function insertPayment(db: Executor, row: NewPayment) {
  const [inserted] = await db.insert(payments).values(row).returning();
  return inserted!;
}

/** Records a payment once per gateway payment id: a second report of it changes nothing. */
export async function upsertPaymentByIntent(db: Executor, row: NewPayment) {
  const [inserted] = await db
    .insert(payments)
    .values(row)
    .onConflictDoUpdate({
      target: payments.stripePaymentIntentId,
      set: {
        status: row.status,
        cardBrand: row.cardBrand,
        cardLast4: row.cardLast4,
        failureMessage: row.failureMessage ?? null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return inserted!;
}

export async function updatePayment(db: Executor, id: string, changes: Partial<NewPayment>) {
  const [row] = await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** The job's payment in play (being charged, paid, cash awaiting confirmation or disputed). */
export async function findOpenBookingPayment(db: Executor, bookingId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        notInArray(payments.status, ['pending', 'failed', 'refunded']),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/** How many payments were tried for a job (its next attempt's number is one more). */
export async function countBookingPayments(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  return row?.n ?? 0;
}

/** Releases a claim whose charge never reached an answer. */
export async function deleteClaim(db: Executor, id: string) {
  await db.delete(payments).where(and(eq(payments.id, id), eq(payments.status, 'processing')));
}

/**
 * What the gateway said of a claimed job payment. A settled outcome (paid or failed) is never
 * overwritten by a later, older report of the same charge.
 */
export async function settleClaim(db: Executor, id: string, changes: Partial<NewPayment>) {
  const [row] = await db
    .update(payments)
    .set({
      ...changes,
      status: sql`case when ${payments.status} in ('processing', 'pending') then ${changes.status}::payment_status else ${payments.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, id))
    .returning();
  return row ?? null;
}

/** Moves a payment from one status to another; null when it was not in `from` any more. */
export async function movePayment(
  db: Executor,
  id: string,
  from: PaymentRow['status'],
  changes: Partial<NewPayment>,
) {
  const [row] = await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  return row ?? null;
}

/** A job's payment with who is on each side of the job. */
export async function findJobPayment(db: Executor, id: string) {
  const [row] = await db
    .select({
      payment: payments,
      driverId: bookings.driverId,
      driverName: users.name,
      serviceType: bookings.serviceType,
      bookingStatus: bookings.status,
      businessName: serviceProviders.businessName,
      providerOwnerId: serviceProviders.userId,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(eq(payments.id, id))
    .limit(1);
  return row ?? null;
}

/** Disputed cash payments, oldest first: the admin console's list. */
export async function listDisputedPayments(db: Executor) {
  return db
    .select({
      payment: payments,
      driverName: users.name,
      driverEmail: users.email,
      serviceType: bookings.serviceType,
      businessName: serviceProviders.businessName,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(eq(payments.status, 'disputed'))
    .orderBy(payments.updatedAt)
    .limit(200);
}

/** A payment with what its receipt prints, in one query. */
export async function findReceipt(
  db: Executor,
  id: string,
): Promise<Omit<Receipt, 'testMode' | 'refunds'> | null> {
  const [row] = await db
    .select({
      payment: payments,
      customerName: users.name,
      customerEmail: users.email,
      planType: subscriptions.planType,
      serviceType: bookings.serviceType,
      businessName: sql<
        string | null
      >`coalesce(${serviceProviders.businessName}, (select ${serviceProviders.businessName} from ${serviceProviders} where ${serviceProviders.userId} = ${payments.userId} limit 1))`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(payments.id, id))
    .limit(1);
  if (!row) return null;
  return {
    ...toPayment(row.payment),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    businessName: row.businessName,
    planType: row.planType,
    serviceType: row.serviceType,
    platformFee: row.payment.platformFeeCents == null ? null : row.payment.platformFeeCents / 100,
  };
}

/** Claims a webhook event id; false when it was already processed (this transaction then does nothing). */
export async function claimWebhookEvent(db: Executor, id: string, type: string) {
  const rows = await db
    .insert(webhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length === 1;
}

/** The booking a driver pays for, with what decides the amount. */
export async function findBookingToPay(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      driverId: bookings.driverId,
      status: bookings.status,
      serviceType: bookings.serviceType,
      visitFee: bookings.visitFee,
      platformFee: bookings.platformFee,
      estimatedCost: bookings.estimatedCost,
      actualCost: bookings.actualCost,
      businessName: serviceProviders.businessName,
      providerId: bookings.providerId,
      providerOwnerId: serviceProviders.userId,
      payment: sql<{
        status: string;
      } | null>`(select json_build_object('status', ${payments.status}) from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'completed' limit 1)`,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

/** Bookings the user's provider accepted since `since`. */
export async function countAcceptedThisMonth(db: Executor, ownerId: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(and(eq(serviceProviders.userId, ownerId), gte(bookings.confirmedAt, since)));
  return row?.n ?? 0;
}

export async function findUser(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}
