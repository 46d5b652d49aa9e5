import type { LedgerDiscrepancy, LedgerSummary } from '../../../core/billing/payouts.ts';
import { AppError } from '../../../core/errors.ts';
import { fromCents } from '../../../core/money.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAdminAct } from '../admin/index.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { listCardDisputes } from './disputes.ts';
import * as ledger from './ledger.repository.ts';
import * as repo from './payouts.repository.ts';

const DAY_MS = 86_400_000;
/** How far back the nightly run compares job payments with the gateway. */
export const RECONCILE_DAYS = 120;

/**
 * The nightly reconciliation: per card job payment of the last 120 days, the ledger against what
 * the gateway holds (charged, refunded, fee, fee refunded, transferred, reversed). Each difference
 * is flagged once while open, for the admin console.
 */
export async function reconcile(
  db: Database,
  gateway: PaymentGateway,
  log: FastifyBaseLogger,
  now = new Date(),
) {
  if (gateway.mode === 'off') return 0;
  let flagged = 0;
  const since = new Date(now.getTime() - RECONCILE_DAYS * DAY_MS);
  for (const payment of await repo.cardJobPaymentsSince(db, since)) {
    if (!payment.intent) continue;
    let facts;
    try {
      facts = await gateway.chargeFacts(payment.intent);
    } catch (err) {
      log.warn({ err, paymentId: payment.id }, 'reconciliation: the gateway did not answer');
      continue;
    }
    const books = await ledger.paymentTotals(db, payment.id);
    const pairs: [string, number, number][] = [
      ['charged', books.charged, facts.chargedCents],
      ['refunded', books.refunded, facts.refundedCents],
      ['platform_fee', books.fee, facts.applicationFeeCents],
      ['fee_refunded', books.feeRefunded, facts.feeRefundedCents],
      ['transferred', books.transferred, facts.transferredCents],
      ['reversed', books.reversed, facts.reversedCents],
    ];
    for (const [field, ledgerCents, gatewayCents] of pairs) {
      if (ledgerCents === gatewayCents) continue;
      flagged++;
      await repo.flagDiscrepancy(db, {
        paymentId: payment.id,
        gatewayRef: payment.intent,
        field,
        ledgerCents,
        gatewayCents,
      });
    }
  }
  return flagged;
}

export function createLedgerService(db: Database) {
  return {
    disputes: () => listCardDisputes(db),

    async summary(): Promise<LedgerSummary> {
      const [t, open] = await Promise.all([
        ledger.ledgerTotals(db),
        repo.countOpenDiscrepancies(db),
      ]);
      return {
        charged: fromCents(t.charged),
        platformFees: fromCents(t.platformFees),
        feesRefunded: fromCents(t.feesRefunded),
        netRevenue: fromCents(t.platformFees - t.feesRefunded),
        transferredToProviders: fromCents(t.transferred - t.reversed),
        refunded: fromCents(t.refunded),
        paidOut: fromCents(t.paidOut - t.payoutsFailed),
        inDispute: fromCents(t.disputed - t.disputesWon),
        openDiscrepancies: open,
      };
    },

    async discrepancies(): Promise<LedgerDiscrepancy[]> {
      return (await repo.listOpenDiscrepancies(db)).map((d) => ({
        id: d.id,
        paymentId: d.paymentId,
        gatewayRef: d.gatewayRef,
        field: d.field,
        ledger: fromCents(d.ledgerCents),
        gateway: fromCents(d.gatewayCents),
        detectedAt: d.detectedAt.toISOString(),
      }));
    },

    async resolve(actor: PublicUser, id: string, note: string) {
      await db.transaction(async (tx) => {
        const row = await repo.resolveDiscrepancy(tx, id, actor.id, note);
        if (!row) throw new AppError('not_found', 'No open difference with this id');
        await recordAdminAct(tx, {
          actor,
          action: 'ledger.resolve',
          targetType: 'ledger_discrepancy',
          targetId: id,
          before: { field: row.field, ledger: row.ledgerCents, gateway: row.gatewayCents },
          after: { resolved: true },
          reason: note,
        });
      });
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
