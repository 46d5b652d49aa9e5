import { and, asc, desc, eq, gte, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  ledgerDiscrepancies,
  paymentDisputes,
  paymentRefunds,
  payments,
  payoutAccounts,
  providerPayouts,
  serviceProviders,
  users,
} from '../../db/schema/index.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type ProviderPayoutRow = typeof providerPayouts.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** The business the user owns, with what its payout account needs. */
export async function findOwnedProvider(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: serviceProviders.id,
      businessName: serviceProviders.businessName,
      email: users.email,
      ownerId: serviceProviders.userId,
    })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findProviderOwner(db: Executor, providerId: string) {
  const [row] = await db
    .select({ ownerId: serviceProviders.userId, businessName: serviceProviders.businessName })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  return row ?? null;
}

export async function findPayoutAccount(db: Executor, providerId: string, gateway: string) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.providerId, providerId), eq(payoutAccounts.gateway, gateway)))
    .limit(1);
  return row ?? null;
}

export async function findPayoutAccountById(db: Executor, accountId: string) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.accountId, accountId))
    .limit(1);
  return row ?? null;
}

export type PayoutAccountState = Omit<
  typeof payoutAccounts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** Inserts or refreshes a payout account from what the gateway says of it. */
export async function upsertPayoutAccount(db: Executor, row: PayoutAccountState) {
  const { providerId: _p, gateway: _g, accountId: _a, ...state } = row;
  const [saved] = await db
    .insert(payoutAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: payoutAccounts.accountId,
      set: { ...state, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

export async function upsertProviderPayout(
  db: Executor,
  row: Omit<typeof providerPayouts.$inferInsert, 'id'>,
) {
  const [saved] = await db
    .insert(providerPayouts)
    .values(row)
    .onConflictDoUpdate({
      target: providerPayouts.gatewayPayoutId,
      set: {
        status: sql`case when ${providerPayouts.status} in ('paid', 'failed', 'canceled') and excluded.status = 'in_transit' then ${providerPayouts.status} else excluded.status end`,
        arrivalDate: row.arrivalDate ?? null,
        failureCode: row.failureCode ?? null,
        failureMessage: row.failureMessage ?? null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved!;
}

export async function findProviderPayout(db: Executor, gatewayPayoutId: string) {
  const [row] = await db
    .select()
    .from(providerPayouts)
    .where(eq(providerPayouts.gatewayPayoutId, gatewayPayoutId))
    .limit(1);
  return row ?? null;
}

export async function listProviderPayouts(db: Executor, providerId: string) {
  return db
    .select()
    .from(providerPayouts)
    .where(eq(providerPayouts.providerId, providerId))
    .orderBy(desc(providerPayouts.createdAt), desc(providerPayouts.id))
    .limit(200);
}

export async function lastPayout(db: Executor, providerId: string) {
  const [row] = await listProviderPayouts(db, providerId);
  return row ?? null;
}

export async function serviceTypes(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: bookings.id, serviceType: bookings.serviceType })
    .from(bookings)
    .where(sql`${bookings.id} in ${bookingIds}`);
  return new Map(rows.map((r) => [r.id, r.serviceType as string]));
}

/** A job payment with its parties and the provider's payout account (refunds, disputes). */
export async function findCardJobPayment(db: Executor, by: { id: string } | { intent: string }) {
  const [row] = await db
    .select({
      payment: payments,
      providerId: bookings.providerId,
      serviceType: bookings.serviceType,
      driverId: bookings.driverId,
      providerOwnerId: serviceProviders.userId,
      businessName: serviceProviders.businessName,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where('id' in by ? eq(payments.id, by.id) : eq(payments.stripePaymentIntentId, by.intent))
    .limit(1);
  return row ?? null;
}

export async function insertRefund(db: Executor, row: typeof paymentRefunds.$inferInsert) {
  const [saved] = await db.insert(paymentRefunds).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

/** The refunds made of a payment (not one still waiting for the gateway's answer). */
export async function listRefunds(db: Executor, paymentId: string) {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'succeeded')))
    .orderBy(asc(paymentRefunds.createdAt));
}

export async function refundedCents(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      amount: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int`.mapWith(Number),
      fee: sql<number>`coalesce(sum(${paymentRefunds.feeRefundCents}), 0)::int`.mapWith(Number),
      reversal: sql<number>`coalesce(sum(${paymentRefunds.reversalCents}), 0)::int`.mapWith(Number),
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return row!;
}

export async function upsertDispute(db: Executor, row: typeof paymentDisputes.$inferInsert) {
  const [saved] = await db
    .insert(paymentDisputes)
    .values(row)
    .onConflictDoUpdate({
      target: paymentDisputes.gatewayDisputeId,
      set: {
        status: row.status,
        evidenceDueBy: row.evidenceDueBy ?? null,
        closedAt: row.closedAt ?? null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved!;
}

export async function findDispute(db: Executor, gatewayDisputeId: string) {
  const [row] = await db
    .select()
    .from(paymentDisputes)
    .where(eq(paymentDisputes.gatewayDisputeId, gatewayDisputeId))
    .limit(1);
  return row ?? null;
}

export async function hasOpenDispute(db: Executor, paymentId: string) {
  const [row] = await db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.paymentId, paymentId), isNull(paymentDisputes.closedAt)))
    .limit(1);
  return Boolean(row);
}

/** A dispute that keeps the money with the bank: open, or lost. */
/** A dispute won, or an inquiry closed without a chargeback: no money is held for them. */
export const DISPUTES_THAT_HOLD_NOTHING = ['won', 'warning_closed'];

export async function hasUnwonDispute(db: Executor, paymentId: string) {
  const [row] = await db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.paymentId, paymentId),
        notInArray(paymentDisputes.status, DISPUTES_THAT_HOLD_NOTHING),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Card disputes for the admin: open ones first, by deadline. */
export async function listDisputes(db: Executor) {
  return db
    .select({
      dispute: paymentDisputes,
      bookingId: payments.bookingId,
      businessName: serviceProviders.businessName,
      driverName: users.name,
      serviceType: bookings.serviceType,
    })
    .from(paymentDisputes)
    .innerJoin(payments, eq(payments.id, paymentDisputes.paymentId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, payments.userId))
    .orderBy(
      sql`(${paymentDisputes.closedAt} is null) desc`,
      asc(paymentDisputes.evidenceDueBy),
      desc(paymentDisputes.createdAt),
    )
    .limit(500);
}

/** Card job payments since `since` (the reconciliation's window). */
export async function cardJobPaymentsSince(db: Executor, since: Date) {
  return db
    .select({ id: payments.id, intent: payments.stripePaymentIntentId })
    .from(payments)
    .where(
      and(
        gte(payments.createdAt, since),
        eq(payments.paymentMethod, 'card'),
        sql`${payments.bookingId} is not null`,
        sql`${payments.destinationAccountId} is not null`,
        sql`${payments.status} in ('completed', 'refunded')`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(10_000);
}

/** Records a difference once while it is open. */
export async function flagDiscrepancy(db: Executor, row: typeof ledgerDiscrepancies.$inferInsert) {
  await db.insert(ledgerDiscrepancies).values(row).onConflictDoNothing();
}

export async function listOpenDiscrepancies(db: Executor) {
  return db
    .select()
    .from(ledgerDiscrepancies)
    .where(isNull(ledgerDiscrepancies.resolvedAt))
    .orderBy(desc(ledgerDiscrepancies.detectedAt))
    .limit(500);
}

export async function countOpenDiscrepancies(db: Executor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(ledgerDiscrepancies)
    .where(isNull(ledgerDiscrepancies.resolvedAt));
  return row?.n ?? 0;
}

export async function resolveDiscrepancy(db: Executor, id: string, by: string, note: string) {
  const [row] = await db
    .update(ledgerDiscrepancies)
    .set({ resolvedAt: new Date(), resolvedBy: by, note })
    .where(and(eq(ledgerDiscrepancies.id, id), isNull(ledgerDiscrepancies.resolvedAt)))
    .returning();
  return row ?? null;
}

/**
 * Whether the provider's payout account on this gateway can be paid by card now: it takes
 * charges and can receive payouts (a job's share must be able to reach the provider).
 */
export async function acceptsCards(db: Executor, providerId: string, gateway: string) {
  const account = await findPayoutAccount(db, providerId, gateway);
  return account?.chargesEnabled && account.payoutsEnabled ? account : null;
}

/** Payout events of one payout take turns, so its shares are attributed once. */
export async function lockPayout(db: Executor, gatewayPayoutId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${gatewayPayoutId}`}, 0))`,
  );
}

export const toRefund = (row: RefundRow) => ({
  id: row.id,
  paymentId: row.paymentId,
  amount: row.amountCents / 100,
  platformFeeRefunded: row.feeRefundCents / 100,
  providerReversed: row.reversalCents / 100,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/** Refunds claimed before `before` that the gateway never answered, oldest first. */
export async function unansweredRefunds(db: Executor, before: Date) {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'pending'), lt(paymentRefunds.createdAt, before)))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(100);
}

export async function deleteRefund(db: Executor, id: string) {
  await db
    .delete(paymentRefunds)
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')));
}

export async function markRefundMade(
  db: Executor,
  id: string,
  made: { gatewayRefundId: string; feeRefundCents: number; reversalCents: number },
) {
  const [row] = await db
    .update(paymentRefunds)
    .set({ ...made, status: 'succeeded' })
    .where(eq(paymentRefunds.id, id))
    .returning();
  return row!;
}
