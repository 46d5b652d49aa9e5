import type { CardDispute } from '../../../core/billing/payouts.ts';
import { AppError } from '../../../core/errors.ts';
import { formatUsd, fromCents } from '../../../core/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BillingEvent } from './billing-events.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { notifyBilling } from './billing-notices.ts';
import * as ledger from './ledger.repository.ts';
import * as repo from './payouts.repository.ts';

type DisputeEvent = Extract<
  BillingEvent,
  { type: 'charge.dispute.created' | 'charge.dispute.closed' }
>;

/** The provider's share taken back at the gateway for a lost dispute. */
export interface DisputeReversal {
  id: string;
  amountCents: number;
}

/**
 * A lost dispute takes back, at the gateway, the provider's share still held (what refunds did not
 * reverse already). Called before the webhook's transaction, so no lock is held while the gateway
 * answers; if it fails the webhook answers non-2xx and the gateway delivers the event again (the
 * simpler of the two: nothing of ours to retry). A retry sends the same idempotency key, so the
 * share is reversed once; once the ledger holds the reversal, a replay asks nothing.
 */
export async function reverseLostDispute(
  db: Executor,
  gateway: PaymentGateway,
  e: BillingEvent,
): Promise<DisputeReversal | null> {
  if (e.type !== 'charge.dispute.closed' || e.status !== 'lost' || !e.paymentIntentId) return null;
  if (await ledger.hasMovement(db, `dispute_lost:${e.disputeId}`)) return null;
  const found = await repo.findCardJobPayment(db, { intent: e.paymentIntentId });
  if (!found) return null;
  const totals = await ledger.paymentTotals(db, found.payment.id);
  const cents = totals.transferred - totals.reversed;
  if (cents <= 0) return null;
  try {
    return await gateway.reverseTransfer({
      paymentIntentId: e.paymentIntentId,
      amountCents: cents,
      metadata: { paymentId: found.payment.id, disputeId: e.disputeId },
      idempotencyKey: `dispute-lost:${e.disputeId}`,
    });
  } catch {
    throw new AppError('unavailable', 'The lost dispute could not be settled yet; send it again');
  }
}

/**
 * A card dispute opened or closed (docs/billing.md, "Payouts"): opened, the money is the
 * driver's again until it closes and the provider's share is held from payouts; won, it comes
 * back; lost, the provider's share is taken back.
 */
export async function disputeEvent(
  tx: Executor,
  events: EventBus,
  e: DisputeEvent,
  reversal: DisputeReversal | null = null,
) {
  if (!e.paymentIntentId) return;
  const found = await repo.findCardJobPayment(tx, { intent: e.paymentIntentId });
  if (!found) return;
  const closed = e.type === 'charge.dispute.closed';
  const before = await repo.findDispute(tx, e.disputeId);
  await repo.upsertDispute(tx, {
    paymentId: found.payment.id,
    gatewayDisputeId: e.disputeId,
    amountCents: e.amountCents,
    reason: e.reason,
    status: e.status,
    evidenceDueBy: e.evidenceDueBy,
    closedAt: closed ? (before?.closedAt ?? new Date()) : null,
  });
  const common = {
    paymentId: found.payment.id,
    bookingId: found.payment.bookingId,
    providerId: found.providerId,
    gatewayRef: e.disputeId,
  };
  await ledger.writeMovement(tx, {
    ...common,
    key: `dispute:${e.disputeId}`,
    kind: 'dispute',
    from: 'platform',
    to: 'driver',
    cents: e.amountCents,
  });
  const amount = formatUsd(fromCents(e.amountCents));
  let message: string | null = null;
  if (!closed && !before)
    message = `A card payment of ${amount} for ${found.serviceType} is disputed by the card holder (${e.reason.replaceAll('_', ' ')}). Your share is held from payouts until the dispute is settled.`;
  if (closed && e.status === 'won') {
    await ledger.writeMovement(tx, {
      ...common,
      key: `dispute_won:${e.disputeId}`,
      kind: 'dispute_won',
      from: 'driver',
      to: 'platform',
      cents: e.amountCents,
    });
    message = `The dispute of the ${amount} card payment for ${found.serviceType} was settled in your favour: your share is released for payouts.`;
  }
  if (closed && e.status === 'lost') {
    if (reversal)
      await ledger.writeMovement(tx, {
        ...common,
        gatewayRef: reversal.id,
        key: `dispute_lost:${e.disputeId}`,
        kind: 'transfer_reversal',
        from: 'provider',
        to: 'platform',
        cents: reversal.amountCents,
      });
    message = `The dispute of the ${amount} card payment for ${found.serviceType} was lost: your share of it is taken back.`;
  }
  if (message)
    await notifyBilling(
      tx,
      events,
      found.providerOwnerId,
      closed ? 'Card dispute settled' : 'Card payment disputed',
      message,
    );
  await events.publish(
    tx,
    { userIds: [found.driverId, found.providerOwnerId] },
    { type: 'booking', data: { id: found.payment.bookingId!, status: 'completed' } },
  );
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Card disputes for the admin console: open first, by deadline. */
export async function listCardDisputes(db: Database): Promise<CardDispute[]> {
  return (await repo.listDisputes(db)).map((r) => ({
    id: r.dispute.id,
    paymentId: r.dispute.paymentId,
    bookingId: r.bookingId,
    amount: fromCents(r.dispute.amountCents),
    reason: r.dispute.reason,
    status: r.dispute.status,
    evidenceDueBy: iso(r.dispute.evidenceDueBy),
    businessName: r.businessName,
    driverName: r.driverName,
    serviceType: r.serviceType,
    createdAt: r.dispute.createdAt.toISOString(),
  }));
}
