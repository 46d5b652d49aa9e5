import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LedgerAccount, LedgerKind } from '../../../core/billing/payouts.ts';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, paymentDisputes } from '../../db/schema/index.ts';

export interface Movement {
  /** Unique per movement (`charge:pi_…`): writing it twice writes it once. */
  key: string;
  kind: LedgerKind;
  from: LedgerAccount;
  to: LedgerAccount;
  cents: number;
  paymentId?: string | null;
  bookingId?: string | null;
  providerId?: string | null;
  gatewayRef?: string | null;
  availableOn?: Date | null;
}

/** One movement of money: two rows summing to zero. Answers whether it was new. */
export async function writeMovement(db: Executor, m: Movement): Promise<boolean> {
  if (m.cents === 0) return false;
  const common = {
    movementKey: m.key,
    kind: m.kind,
    paymentId: m.paymentId ?? null,
    bookingId: m.bookingId ?? null,
    providerId: m.providerId ?? null,
    gatewayRef: m.gatewayRef ?? null,
    availableOn: m.availableOn ?? null,
  };
  const rows = await db
    .insert(ledgerEntries)
    .values([
      { ...common, account: m.from, amountCents: -m.cents },
      { ...common, account: m.to, amountCents: m.cents },
    ])
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}

export async function hasMovement(db: Executor, key: string) {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.movementKey, key))
    .limit(1);
  return Boolean(row);
}

const sumOf = (kind: LedgerKind, account: LedgerAccount) =>
  sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = ${kind} and ${ledgerEntries.account} = ${account}), 0)::bigint`.mapWith(
    Number,
  );

/** What the ledger holds of one job payment, in cents (each as a positive amount). */
export async function paymentTotals(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      charged: sumOf('charge', 'platform'),
      fee: sumOf('platform_fee', 'platform_revenue'),
      transferred: sumOf('transfer', 'provider'),
      refunded: sumOf('refund', 'driver'),
      feeRefunded: sumOf('fee_refund', 'platform'),
      reversed: sumOf('transfer_reversal', 'platform'),
      disputed: sumOf('dispute', 'driver'),
      disputeWon: sumOf('dispute_won', 'platform'),
      net: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId));
  return row!;
}

/** Paid out to the provider's bank, all time (payouts less failed ones). */
export async function providerPaidOut(db: Executor, providerId: string) {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.providerId, providerId), eq(ledgerEntries.account, 'provider_bank')),
    );
  return row?.cents ?? 0;
}

/** The provider's share of their jobs with an open card dispute. */
export async function providerFrozen(db: Executor, providerId: string) {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.providerId, providerId),
        eq(ledgerEntries.account, 'provider'),
        inArray(ledgerEntries.kind, ['transfer', 'transfer_reversal']),
        sql`${ledgerEntries.paymentId} in (select ${paymentDisputes.paymentId} from ${paymentDisputes} where ${paymentDisputes.closedAt} is null)`,
      ),
    );
  return Math.max(0, row?.cents ?? 0);
}

/** The provider's shares not yet in a payout, oldest first (what a new payout is made of). */
export async function unpaidShares(db: Executor, providerId: string) {
  return db
    .select({ id: ledgerEntries.id, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.providerId, providerId),
        eq(ledgerEntries.account, 'provider'),
        inArray(ledgerEntries.kind, ['transfer', 'transfer_reversal']),
        isNull(ledgerEntries.payoutId),
      ),
    )
    .orderBy(asc(ledgerEntries.availableOn), asc(ledgerEntries.id))
    .limit(5000);
}

export async function assignPayout(db: Executor, ids: number[], payoutId: string) {
  if (ids.length === 0) return;
  await db.update(ledgerEntries).set({ payoutId }).where(inArray(ledgerEntries.id, ids));
}

/** A failed payout gives its shares back to the next one. */
export async function releasePayout(db: Executor, payoutId: string) {
  await db
    .update(ledgerEntries)
    .set({ payoutId: null })
    .where(
      and(
        eq(ledgerEntries.payoutId, payoutId),
        inArray(ledgerEntries.kind, ['transfer', 'transfer_reversal']),
      ),
    );
}

/** The shares a payout paid, per entry. */
export async function payoutShares(db: Executor, payoutIds: string[]) {
  if (payoutIds.length === 0) return [];
  return db
    .select({
      payoutId: ledgerEntries.payoutId,
      paymentId: ledgerEntries.paymentId,
      bookingId: ledgerEntries.bookingId,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.payoutId, payoutIds), eq(ledgerEntries.account, 'provider')))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

/** The admin's money figures, from the ledger. */
export async function ledgerTotals(db: Executor) {
  const [row] = await db
    .select({
      charged: sumOf('charge', 'platform'),
      platformFees: sumOf('platform_fee', 'platform_revenue'),
      feesRefunded: sumOf('fee_refund', 'platform'),
      transferred: sumOf('transfer', 'provider'),
      reversed: sumOf('transfer_reversal', 'platform'),
      refunded: sumOf('refund', 'driver'),
      paidOut: sumOf('payout', 'provider_bank'),
      payoutsFailed: sumOf('payout_failed', 'provider'),
      disputed: sumOf('dispute', 'driver'),
      disputesWon: sumOf('dispute_won', 'platform'),
    })
    .from(ledgerEntries);
  return row!;
}

/** Job payments whose ledger rows do not sum to zero (should be none). */
export async function unbalancedPayments(db: Executor) {
  return db
    .select({ paymentId: ledgerEntries.paymentId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.paymentId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
}
