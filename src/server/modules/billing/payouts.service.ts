import type { Payout, PayoutBalance, PayoutSchedule } from '../../../core/billing/payouts.ts';
import { formatUsd, fromCents } from '../../../core/money.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { notifyBilling } from './billing-notices.ts';
import type { GatewayPayout, PaymentGateway } from './gateway/gateway.ts';
import * as ledger from './ledger.repository.ts';
import { payoutFailureWords, type PayoutAccountsService } from './payout-accounts.ts';
import * as repo from './payouts.repository.ts';
import { fromGateway } from './subscriptions.service.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * A payout event (`payout.created`, `.paid`, `.failed`): the payout row, the provider's shares it
 * carries (oldest first, up to its amount), the `payout` movement when paid, and on failure the
 * shares released and the owner told what to fix.
 */
export async function payoutEvent(
  tx: Executor,
  events: EventBus,
  type: 'payout.created' | 'payout.paid' | 'payout.failed',
  payout: GatewayPayout,
) {
  const account = await repo.findPayoutAccountById(tx, payout.accountId);
  if (!account) return;
  await repo.lockPayout(tx, payout.id);
  const before = await repo.findProviderPayout(tx, payout.id);
  const status =
    type === 'payout.paid' ? 'paid' : type === 'payout.failed' ? 'failed' : 'in_transit';
  const row = await repo.upsertProviderPayout(tx, {
    providerId: account.providerId,
    accountId: payout.accountId,
    gatewayPayoutId: payout.id,
    amountCents: payout.amountCents,
    status: payout.status === 'canceled' ? 'canceled' : status,
    arrivalDate: payout.arrivalDate,
    failureCode: payout.failureCode,
    failureMessage: payout.failureMessage,
    createdAt: payout.createdAt,
  });
  if (!before && status !== 'failed') await attribute(tx, row);
  const common = { providerId: account.providerId, gatewayRef: payout.id };
  if (status === 'paid') {
    await ledger.writeMovement(tx, {
      ...common,
      key: `payout:${payout.id}`,
      kind: 'payout',
      from: 'provider',
      to: 'provider_bank',
      cents: payout.amountCents,
    });
  }
  if (status === 'failed' && before?.status !== 'failed') {
    if (await ledger.hasMovement(tx, `payout:${payout.id}`))
      await ledger.writeMovement(tx, {
        ...common,
        key: `payout_failed:${payout.id}`,
        kind: 'payout_failed',
        from: 'provider_bank',
        to: 'provider',
        cents: payout.amountCents,
      });
    await ledger.releasePayout(tx, row.id);
    const owner = await repo.findProviderOwner(tx, account.providerId);
    if (owner)
      await notifyBilling(
        tx,
        events,
        owner.ownerId,
        'Payout failed',
        `Your payout of ${formatUsd(fromCents(payout.amountCents))} failed: ${payoutFailureWords(payout.failureCode, payout.failureMessage)}. Update your bank details in Profile → Business → Payouts.`,
      );
  }
}

/**
 * The jobs a payout carries. The gateway pays out what became available, oldest first, shares and
 * the reversals taken from them alike: the payout is the shortest run of the provider's unpaid
 * ledger entries, oldest first, that adds up to its amount. The ledger dates a share by the
 * wall clock and the gateway by its own (the test gateway's clock may run ahead), so only the
 * order is trusted, not the dates. No run adding up to the amount is a difference for an admin.
 */
async function attribute(tx: Executor, row: repo.ProviderPayoutRow) {
  const shares = await ledger.unpaidShares(tx, row.providerId);
  let sum = 0;
  for (const [index, share] of shares.entries()) {
    sum += share.amountCents;
    if (sum !== row.amountCents) continue;
    await ledger.assignPayout(
      tx,
      shares.slice(0, index + 1).map((s) => s.id),
      row.id,
    );
    return;
  }
  await repo.flagDiscrepancy(tx, {
    gatewayRef: row.gatewayPayoutId,
    field: 'payout_jobs',
    ledgerCents: sum,
    gatewayCents: row.amountCents,
  });
}

export function createPayoutsService(
  db: Database,
  gateway: PaymentGateway,
  accounts: PayoutAccountsService,
) {
  return {
    async balance(user: PublicUser): Promise<PayoutBalance> {
      const provider = await accounts.business(user);
      const row = await repo.findPayoutAccount(db, provider.id, gateway.mode);
      const [paidOut, frozen] = await Promise.all([
        ledger.providerPaidOut(db, provider.id),
        ledger.providerFrozen(db, provider.id),
      ]);
      let pending = 0;
      let available = 0;
      if (row && gateway.mode !== 'off') {
        const balance = await gateway.balance(row.accountId).catch(fromGateway);
        pending = balance.pendingCents;
        available = balance.availableCents;
      }
      return {
        pending: fromCents(pending),
        available: fromCents(available),
        paidOut: fromCents(paidOut),
        frozen: fromCents(frozen),
        schedule: (row?.schedule as PayoutSchedule | undefined) ?? 'daily',
      };
    },

    async list(user: PublicUser): Promise<Payout[]> {
      const provider = await accounts.business(user);
      const payouts = await repo.listProviderPayouts(db, provider.id);
      const shares = await ledger.payoutShares(
        db,
        payouts.map((p) => p.id),
      );
      const types = await repo.serviceTypes(db, [
        ...new Set(shares.flatMap((s) => (s.bookingId ? [s.bookingId] : []))),
      ]);
      return payouts.map((p) => ({
        id: p.id,
        amount: fromCents(p.amountCents),
        status: p.status as Payout['status'],
        arrivalDate: iso(p.arrivalDate),
        failureMessage:
          p.status === 'failed' ? payoutFailureWords(p.failureCode, p.failureMessage) : null,
        createdAt: p.createdAt.toISOString(),
        jobs: shares
          .filter((s) => s.payoutId === p.id)
          .map((s) => ({
            bookingId: s.bookingId,
            paymentId: s.paymentId,
            serviceType: s.bookingId ? (types.get(s.bookingId) ?? null) : null,
            amount: fromCents(s.amountCents),
            paidAt: s.createdAt.toISOString(),
          })),
      }));
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
