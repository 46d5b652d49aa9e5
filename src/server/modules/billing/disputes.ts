import type { CardDispute } from '../../../core/billing/payouts.ts';
import { formatUsd, fromCents } from '../../../core/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BillingEvent } from './billing-events.ts';
import { notifyBilling } from './billing-notices.ts';
import * as ledger from './ledger.repository.ts';
import * as repo from './payouts.repository.ts';

type DisputeEvent = Extract<
  BillingEvent,
  { type: 'charge.dispute.created' | 'charge.dispute.closed' }
>;

/**
 * A card dispute opened or closed (docs/billing.md, "Payouts"): opened, the money is the
 * driver's again until it closes and the provider's share is held from payouts; won, it comes
 * back; lost, the provider's share is taken back.
 */
export async function disputeEvent(tx: Executor, events: EventBus, e: DisputeEvent) {
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
    const totals = await ledger.paymentTotals(tx, found.payment.id);
    await ledger.writeMovement(tx, {
      ...common,
      key: `dispute_lost:${e.disputeId}`,
      kind: 'transfer_reversal',
      from: 'provider',
      to: 'platform',
      cents: Math.max(0, totals.transferred - totals.reversed),
      availableOn: new Date(),
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
