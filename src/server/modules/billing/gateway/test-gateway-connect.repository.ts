import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  testGatewayAccounts as accounts,
  testGatewayBalanceTransactions as balanceTransactions,
  testGatewayClock as clock,
  testGatewayDisputes as disputes,
  testGatewayIntents as intents,
  testGatewayPayouts as payouts,
  testGatewayRefunds as refunds,
} from '../../../db/schema/index.ts';

export type TestAccount = typeof accounts.$inferSelect;
export type TestPayout = typeof payouts.$inferSelect;
export type TestRefund = typeof refunds.$inferSelect;
export type TestDispute = typeof disputes.$inferSelect;

const CLOCK_ROW = 1;

export async function clockOffsetMs(db: Executor): Promise<number> {
  const [row] = await db.select().from(clock).where(eq(clock.id, CLOCK_ROW)).limit(1);
  return row?.offsetMs ?? 0;
}

/** Moves the clock on (never back); answers the new offset. */
export async function advanceClock(db: Executor, byMs: number): Promise<number> {
  const [row] = await db
    .insert(clock)
    .values({ id: CLOCK_ROW, offsetMs: byMs })
    .onConflictDoUpdate({
      target: clock.id,
      set: { offsetMs: sql`${clock.offsetMs} + ${byMs}`, updatedAt: new Date() },
    })
    .returning();
  return row!.offsetMs;
}

export async function insertAccount(
  db: Executor,
  row: typeof accounts.$inferInsert,
): Promise<TestAccount> {
  const [inserted] = await db.insert(accounts).values(row).returning();
  return inserted!;
}

export async function findAccount(
  db: Executor,
  id: string,
  lock = false,
): Promise<TestAccount | null> {
  const query = db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The account made for this provider earlier (a repeated create answers it, like an idempotency
 * key). Creates for one provider take turns until the transaction ends, on every app server.
 */
export async function findAccountOfProvider(db: Executor, providerId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`test-gateway-account:${providerId}`}, 0))`,
  );
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`${accounts.metadata}->>'providerId' = ${providerId}`)
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  return row ?? null;
}

export async function updateAccount(
  db: Executor,
  id: string,
  changes: Partial<typeof accounts.$inferInsert>,
): Promise<TestAccount> {
  const [row] = await db.update(accounts).set(changes).where(eq(accounts.id, id)).returning();
  return row!;
}

/** Accounts with payout work, each locked for this transaction (another runner skips it). */
export async function claimPayoutAccounts(db: Executor, after: string, limit: number) {
  const inTransit = db
    .select({ id: payouts.accountId })
    .from(payouts)
    .where(eq(payouts.status, 'in_transit'));
  return db
    .select()
    .from(accounts)
    .where(
      and(
        gt(accounts.id, after),
        or(eq(accounts.payoutsEnabled, true), inArray(accounts.id, inTransit)),
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertBalanceTransaction(
  db: Executor,
  row: typeof balanceTransactions.$inferInsert,
) {
  await db.insert(balanceTransactions).values(row);
}

export async function findBalanceTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(balanceTransactions).where(eq(balanceTransactions.id, id));
  return row ?? null;
}

/** Reversals of a charge's transfer made without a refund (lost disputes), in cents. */
export async function reversedWithoutRefund(db: Executor, paymentIntentId: string) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(-sum(${balanceTransactions.amountCents}), 0)` })
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.type, 'transfer_reversal'),
        eq(balanceTransactions.sourceId, paymentIntentId),
      ),
    );
  return Number(row?.cents ?? 0);
}

/** Not yet paid out: `pending` until `availableOn`, then `available`. */
export async function balanceOf(db: Executor, accountId: string, now: Date) {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${balanceTransactions.amountCents}) filter (where ${balanceTransactions.availableOn} > ${now}), 0)`,
      available: sql<string>`coalesce(sum(${balanceTransactions.amountCents}) filter (where ${balanceTransactions.availableOn} <= ${now}), 0)`,
    })
    .from(balanceTransactions)
    .where(and(eq(balanceTransactions.accountId, accountId), isNull(balanceTransactions.payoutId)));
  return { pendingCents: Number(row?.pending ?? 0), availableCents: Number(row?.available ?? 0) };
}

/** Available by `cutoff` and in no payout yet: what a payout made at `cutoff` takes. */
export async function availableBy(db: Executor, accountId: string, cutoff: Date) {
  return db
    .select()
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.accountId, accountId),
        isNull(balanceTransactions.payoutId),
        lte(balanceTransactions.availableOn, cutoff),
      ),
    );
}

/** When the oldest money in no payout became (or becomes) available; null when there is none. */
export async function earliestUnpaid(db: Executor, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ availableOn: balanceTransactions.availableOn })
    .from(balanceTransactions)
    .where(and(eq(balanceTransactions.accountId, accountId), isNull(balanceTransactions.payoutId)))
    .orderBy(asc(balanceTransactions.availableOn))
    .limit(1);
  return row?.availableOn ?? null;
}

export async function assignToPayout(db: Executor, ids: string[], payoutId: string) {
  if (ids.length === 0) return;
  await db
    .update(balanceTransactions)
    .set({ payoutId })
    .where(inArray(balanceTransactions.id, ids));
}

/** A failed payout's transactions count in the balance again (its own payout rows stay with it). */
export async function releaseFromPayout(db: Executor, payoutId: string) {
  await db
    .update(balanceTransactions)
    .set({ payoutId: null })
    .where(
      and(
        eq(balanceTransactions.payoutId, payoutId),
        ne(balanceTransactions.type, 'payout'),
        ne(balanceTransactions.type, 'payout_failure'),
      ),
    );
}

/** A payout once per account and day: the id is made from both, a second insert does nothing. */
export async function insertPayout(
  db: Executor,
  row: typeof payouts.$inferInsert,
): Promise<TestPayout | null> {
  const [inserted] = await db.insert(payouts).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function latestPayout(db: Executor, accountId: string): Promise<TestPayout | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(eq(payouts.accountId, accountId))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row ?? null;
}

export async function arrivedPayouts(db: Executor, accountId: string, by: Date) {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.accountId, accountId),
        eq(payouts.status, 'in_transit'),
        lte(payouts.arrivalDate, by),
      ),
    )
    .orderBy(asc(payouts.arrivalDate));
}

export async function updatePayout(
  db: Executor,
  id: string,
  changes: Partial<typeof payouts.$inferInsert>,
): Promise<TestPayout> {
  const [row] = await db.update(payouts).set(changes).where(eq(payouts.id, id)).returning();
  return row!;
}

export async function findIntent(db: Executor, id: string, lock = false) {
  const query = db.select().from(intents).where(eq(intents.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findRefundByIdempotencyKey(
  db: Executor,
  key: string,
): Promise<TestRefund | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export async function insertRefund(
  db: Executor,
  row: typeof refunds.$inferInsert,
): Promise<TestRefund> {
  const [inserted] = await db.insert(refunds).values(row).returning();
  return inserted!;
}

export async function refundsOf(db: Executor, paymentIntentId: string): Promise<TestRefund[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentIntentId, paymentIntentId))
    .orderBy(asc(refunds.createdAt));
}

export async function insertDispute(
  db: Executor,
  row: typeof disputes.$inferInsert,
): Promise<TestDispute> {
  const [inserted] = await db.insert(disputes).values(row).returning();
  return inserted!;
}

export async function findDispute(
  db: Executor,
  id: string,
  lock = false,
): Promise<TestDispute | null> {
  const query = db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateDispute(
  db: Executor,
  id: string,
  changes: Partial<typeof disputes.$inferInsert>,
): Promise<TestDispute> {
  const [row] = await db.update(disputes).set(changes).where(eq(disputes.id, id)).returning();
  return row!;
}

export async function disputesOf(db: Executor, paymentIntentId: string): Promise<TestDispute[]> {
  return db.select().from(disputes).where(eq(disputes.paymentIntentId, paymentIntentId));
}
