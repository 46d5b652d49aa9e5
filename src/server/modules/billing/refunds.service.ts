import {
  PROVIDER_REFUND_WINDOW_DAYS,
  refundSplit,
  type Refund,
  type RefundInput,
} from '../../../core/billing/payouts.ts';
import { AppError } from '../../../core/errors.ts';
import { formatUsd, fromCents, toCents } from '../../../core/money.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { recordAdminAct } from '../admin/index.ts';
import * as billingRepo from './billing.repository.ts';
import { notifyBilling } from './billing-notices.ts';
import { GatewayError, type PaymentGateway } from './gateway/gateway.ts';
import { writeMovement } from './ledger.repository.ts';
import { assertPaymentsOn } from './payments-mode.ts';
import * as repo from './payouts.repository.ts';
import { fromGateway } from './subscriptions.service.ts';

const DAY_MS = 86_400_000;
/** A claimed refund with no answer for this long is asked again. */
const STALE_MS = 2 * 60_000;

type JobPayment = NonNullable<Awaited<ReturnType<typeof repo.findCardJobPayment>>>;

/** Until when the job's provider may refund a payment (an admin may at any time). */
export const providerRefundableUntil = (paidAt: Date) =>
  new Date(paidAt.getTime() + PROVIDER_REFUND_WINDOW_DAYS * DAY_MS);

/** A destination charge of a job: the only payments refunded here. */
const refundable = (p: JobPayment['payment']) =>
  p.paymentMethod === 'card' && p.platformFeeCents != null && Boolean(p.stripePaymentIntentId);

/** The refund's parts given what was refunded before (pending refunds count as made). */
async function partsOf(tx: Executor, found: JobPayment, refundCents: number) {
  const before = await repo.refundedCents(tx, found.payment.id);
  const totalCents = toCents(found.payment.amount);
  return {
    totalCents,
    remainingCents: totalCents - before.amount,
    ...refundSplit({
      refundCents,
      totalCents,
      feeCents: found.payment.platformFeeCents!,
      refundedBeforeCents: before.amount,
      feeRefundedBeforeCents: before.fee,
      reversedBeforeCents: before.reversal,
    }),
  };
}

/**
 * A refund made: its ledger (refund to the driver, the fee given back by the platform, the share
 * taken back from the provider), the payment `refunded` once nothing is left, the driver told.
 */
async function settleRefund(
  tx: Executor,
  events: EventBus,
  found: JobPayment,
  refund: repo.RefundRow,
  totalCents: number,
) {
  const common = {
    paymentId: found.payment.id,
    bookingId: found.payment.bookingId,
    providerId: found.providerId,
    gatewayRef: refund.gatewayRefundId,
  };
  const key = refund.id;
  await writeMovement(tx, {
    ...common,
    key: `refund:${key}`,
    kind: 'refund',
    from: 'platform',
    to: 'driver',
    cents: refund.amountCents,
  });
  await writeMovement(tx, {
    ...common,
    key: `fee_refund:${key}`,
    kind: 'fee_refund',
    from: 'platform_revenue',
    to: 'platform',
    cents: refund.feeRefundCents,
  });
  await writeMovement(tx, {
    ...common,
    key: `reversal:${key}`,
    kind: 'transfer_reversal',
    from: 'provider',
    to: 'platform',
    cents: refund.reversalCents,
    availableOn: new Date(),
  });
  const after = await repo.refundedCents(tx, found.payment.id);
  if (after.amount >= totalCents)
    await billingRepo.updatePayment(tx, found.payment.id, { status: 'refunded' });
  await notifyBilling(
    tx,
    events,
    found.driverId,
    'Refund',
    `Refund of ${formatUsd(fromCents(refund.amountCents))} for ${found.serviceType}: ${refund.reason}`,
    { metadata: { kind: 'payment_receipt', paymentId: found.payment.id } },
  );
  await events.publish(
    tx,
    { userIds: [found.driverId, found.providerOwnerId] },
    { type: 'booking', data: { id: found.payment.bookingId!, status: 'completed' } },
  );
}

/**
 * `charge.refunded`: a refund made at the gateway (its dashboard) is recorded too: what the
 * gateway refunded beyond the refunds we know of (ours are recorded before the gateway answers).
 */
export async function chargeRefunded(
  tx: Executor,
  events: EventBus,
  paymentIntentId: string,
  amountRefundedCents: number,
): Promise<boolean> {
  const found = await repo.findCardJobPayment(tx, { intent: paymentIntentId });
  if (!found || !refundable(found.payment)) return false;
  await billingRepo.lockPayment(tx, found.payment.id);
  const known = await repo.refundedCents(tx, found.payment.id);
  const extra = amountRefundedCents - known.amount;
  if (extra <= 0) return true;
  const parts = await partsOf(tx, found, extra);
  const refund = await repo.insertRefund(tx, {
    paymentId: found.payment.id,
    amountCents: extra,
    feeRefundCents: parts.feeRefundCents,
    reversalCents: parts.reversalCents,
    reason: 'Refunded at the payment gateway',
  });
  if (refund) await settleRefund(tx, events, found, refund, parts.totalCents);
  return true;
}

export function createRefundsService(db: Database, gateway: PaymentGateway, events: EventBus) {
  const service = {
    async refund(user: PublicUser, paymentId: string, input: RefundInput): Promise<Refund> {
      const found = await repo.findCardJobPayment(db, { id: paymentId });
      const admin = user.role === 'admin';
      if (!found || (!admin && found.providerOwnerId !== user.id))
        throw new AppError('not_found', 'Payment not found');
      if (!admin && providerRefundableUntil(found.payment.createdAt) < new Date())
        throw new AppError(
          'forbidden',
          `A payment can be refunded by its provider for ${PROVIDER_REFUND_WINDOW_DAYS} days; ask our team`,
        );
      if (!refundable(found.payment) || found.payment.status !== 'completed')
        throw new AppError('conflict', 'Only a completed card payment of a job can be refunded');
      if (await repo.hasUnwonDispute(db, paymentId))
        throw new AppError(
          'conflict',
          'This payment is disputed with the bank, so it cannot be refunded',
        );
      assertPaymentsOn(gateway);

      // Claimed first (as pending), so the gateway's own refund event finds it already counted.
      const claimed = await db.transaction(async (tx) => {
        await billingRepo.lockPayment(tx, paymentId);
        const { remainingCents } = await partsOf(tx, found, 0);
        const cents = input.amount === undefined ? remainingCents : toCents(input.amount);
        if (remainingCents <= 0) throw new AppError('conflict', 'This payment is fully refunded');
        if (cents > remainingCents) {
          const message = `At most ${formatUsd(fromCents(remainingCents))} is left to refund`;
          throw new AppError('bad_request', message, { amount: message });
        }
        const parts = await partsOf(tx, found, cents);
        const refund = await repo.insertRefund(tx, {
          paymentId,
          amountCents: cents,
          feeRefundCents: parts.feeRefundCents,
          reversalCents: parts.reversalCents,
          reason: input.reason,
          byUserId: user.id,
          status: 'pending',
        });
        if (admin && found.providerOwnerId !== user.id)
          await recordAdminAct(tx, {
            actor: user,
            action: 'payment.refund',
            targetType: 'payment',
            targetId: paymentId,
            before: { status: found.payment.status },
            after: { refund: fromCents(cents), refundId: refund!.id },
            reason: input.reason,
          });
        return refund;
      });
      return make(claimed!);
    },

    /**
     * Refunds whose gateway call got no answer (an outage, a stopped server) are asked again with
     * their idempotency key, so each is made once, whatever happened to the first call.
     */
    async retryUnanswered(now = new Date()) {
      for (const pending of await repo.unansweredRefunds(db, new Date(now.getTime() - STALE_MS)))
        await make(pending).catch(() => undefined);
    },
  };
  return service;

  /**
   * Asks the gateway for a claimed refund and records what it answered. A refusal drops the claim;
   * no answer keeps it, to be asked again with the same key (`retryUnanswered`).
   */
  async function make(pending: repo.RefundRow): Promise<Refund> {
    const found = (await repo.findCardJobPayment(db, { id: pending.paymentId }))!;
    let made;
    try {
      made = await gateway.refund({
        paymentIntentId: found.payment.stripePaymentIntentId!,
        amountCents: pending.amountCents,
        reason: pending.reason,
        metadata: { paymentId: pending.paymentId, refundId: pending.id },
        idempotencyKey: `refund:${pending.id}`,
      });
    } catch (error) {
      if (!(error instanceof GatewayError) || error.status === 'unavailable')
        throw new AppError(
          'unavailable',
          'The payment service did not answer. The refund will be tried again shortly.',
        );
      await repo.deleteRefund(db, pending.id);
      return fromGateway(error);
    }
    if (made.status === 'failed') {
      await repo.deleteRefund(db, pending.id);
      throw new AppError('conflict', 'The card network refused the refund; nothing was refunded');
    }
    return db.transaction(async (tx) => {
      await billingRepo.lockPayment(tx, pending.paymentId);
      const refund = await repo.markRefundMade(tx, pending.id, {
        gatewayRefundId: made.id,
        feeRefundCents: made.feeRefundCents,
        reversalCents: made.reversalCents,
      });
      await settleRefund(tx, events, found, refund, toCents(found.payment.amount));
      return repo.toRefund(refund);
    });
  }
}

export type RefundsService = ReturnType<typeof createRefundsService>;
