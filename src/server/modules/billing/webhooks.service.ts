import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { planTypes, plans } from '../../../core/billing/plans.ts';
import { AppError } from '../../../core/errors.ts';
import { formatUsd, fromCents, MAX_DOLLARS } from '../../../core/money.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { readBillingEvent, type BillingEvent } from './billing-events.ts';
import { notifyBilling, notifyReceipt } from './billing-notices.ts';
import * as repo from './billing.repository.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { assertPaymentsOn } from './payments-mode.ts';
import { disputeEvent, reverseLostDispute, type DisputeReversal } from './disputes.ts';
import { recordJobCharge } from './job-ledger.ts';
import { accountUpdated } from './payout-accounts.ts';
import { payoutEvent } from './payouts.service.ts';
import { chargeRefunded } from './refunds.service.ts';
import { syncSubscription } from './subscription-sync.ts';
import { webhookEvents } from '../webhooks/index.ts';
import type Stripe from 'stripe';
import { stripeSdk } from './stripe-sdk.ts';

/** Stripe refuses events signed longer ago than this; so do we (replays of old captures). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const envelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The checkout test page's simulated payment event; taken only when signed (docs/billing.md). */
const simulatedCheckout = z.object({
  sessionId: z.string().min(1).max(255),
  status: z.enum(['success', 'cancelled', 'failed']),
  userId: z.uuid(),
  amount: z.number().min(0).max(MAX_DOLLARS),
  planType: z.enum(planTypes),
});

const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

export interface WebhookTestInput {
  sessionId: string;
  event?: string | undefined;
  verified?: boolean | undefined;
}

export function createWebhooksService(
  db: Database,
  gateway: PaymentGateway,
  events: EventBus,
  /** Posts to our own webhook endpoint (for the signature test). */
  post: (payload: string, signature: string) => Promise<{ status: number; body: string }>,
  /** More secrets an event may be signed with (Stripe's Connect endpoint has its own). */
  otherSecrets: (string | null)[] = [],
) {
  const secrets = [gateway.webhookSecret, ...otherSecrets.filter((s): s is string => !!s)];
  /** The event, if one of the secrets signed it within the tolerance; null otherwise. */
  const verified = (rawBody: Buffer, signature: string): unknown => {
    for (const secret of secrets) {
      try {
        return stripeSdk().webhooks.constructEvent(
          rawBody,
          signature,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        // Try the next secret.
      }
    }
    return null;
  };
  async function invoicePaid(tx: Executor, e: Extract<BillingEvent, { type: 'invoice.paid' }>) {
    const sub = e.subscriptionId
      ? await repo.findSubscriptionByGatewayId(tx, e.subscriptionId)
      : null;
    if (!sub) return;
    const plan = plans[sub.planType];
    const description =
      e.billingReason === 'subscription_create'
        ? `${plan.name} plan — first month`
        : e.billingReason === 'subscription_cycle'
          ? `${plan.name} plan — monthly renewal`
          : e.billingReason === 'subscription_update'
            ? 'Plan change (prorated)'
            : `${plan.name} plan`;
    const before = await repo.findPaymentByIntent(tx, e.paymentIntentId ?? e.invoiceId);
    const paid =
      e.amountCents > 0
        ? await repo.upsertPaymentByIntent(tx, {
            userId: sub.userId,
            subscriptionId: sub.id,
            amount: fromCents(e.amountCents),
            currency: e.currency,
            paymentMethod: 'card',
            status: 'completed',
            stripePaymentIntentId: e.paymentIntentId ?? e.invoiceId,
            description,
            cardBrand: e.card?.brand ?? null,
            cardLast4: e.card?.last4 ?? null,
            periodStart: e.periodStart,
            periodEnd: e.periodEnd,
            metadata: { invoiceId: e.invoiceId },
          })
        : null;
    // A payment newly completed has its receipt: on its own for a plan change, else on the notice.
    const receipt = paid && before?.status !== 'completed' ? paid : null;
    if (e.billingReason === 'subscription_update') {
      if (receipt) await notifyReceipt(tx, events, receipt);
      return;
    }
    const first = sub.status === 'pending' || sub.status === 'failed';
    await repo.updateSubscription(tx, sub.id, {
      status: sub.status === 'cancelled' ? 'cancelled' : 'active',
      ...(first ? { startDate: e.periodStart ?? new Date() } : {}),
      ...(e.periodEnd ? { endDate: e.periodEnd } : {}),
    });
    if (first) await repo.replaceCancelledSubscriptions(tx, sub.userId, sub.id);
    const next = `Next billing date: ${e.periodEnd ? dateText(e.periodEnd) : 'N/A'}.`;
    await notifyBilling(
      tx,
      events,
      sub.userId,
      first ? 'Subscription active' : receipt ? 'Payment receipt' : 'Payment received',
      first
        ? `You are now on the ${plan.name} plan. ${next}`
        : `${formatUsd(fromCents(e.amountCents))} for your ${plan.name} plan. ${next}`,
      receipt ? { metadata: { kind: 'payment_receipt', paymentId: receipt.id } } : {},
    );
  }

  async function invoiceFailed(
    tx: Executor,
    e: Extract<BillingEvent, { type: 'invoice.payment_failed' }>,
  ) {
    const sub = e.subscriptionId
      ? await repo.findSubscriptionByGatewayId(tx, e.subscriptionId)
      : null;
    if (!sub) return;
    const plan = plans[sub.planType];
    const renewal = e.billingReason !== 'subscription_create';
    await repo.insertPayment(tx, {
      userId: sub.userId,
      subscriptionId: sub.id,
      amount: fromCents(e.amountCents),
      currency: e.currency,
      paymentMethod: 'card',
      status: 'failed',
      description: `${plan.name} plan — ${renewal ? `renewal attempt ${e.attempt}` : 'first month'}`,
      cardBrand: e.card?.brand ?? null,
      cardLast4: e.card?.last4 ?? null,
      failureMessage: e.message,
      metadata: { invoiceId: e.invoiceId, attempt: e.attempt },
    });
    if (!renewal) return;
    await repo.updateSubscription(tx, sub.id, {
      status: e.nextAttemptAt ? 'past_due' : sub.status,
    });
    await notifyBilling(
      tx,
      events,
      sub.userId,
      'Payment failed',
      e.nextAttemptAt
        ? `We could not renew your ${plan.name} plan (${e.message ?? 'card declined'}). We will try again on ${dateText(e.nextAttemptAt)}, or pay now under Profile → Billing.`
        : `The last try to renew your ${plan.name} plan failed (${e.message ?? 'card declined'}).`,
    );
  }

  async function subscriptionEnded(
    tx: Executor,
    e: Extract<BillingEvent, { type: 'subscription.deleted' }>,
  ) {
    const sub = await repo.findSubscriptionByGatewayId(tx, e.subscription.id);
    if (!sub) return;
    const plan = plans[sub.planType];
    if (sub.status === 'pending') {
      await repo.updateSubscription(tx, sub.id, { status: 'failed' });
      return;
    }
    if (e.reason === 'payment_failed') {
      await repo.updateSubscription(tx, sub.id, {
        status: 'cancelled',
        endDate: new Date(),
        cancelledAt: new Date(),
      });
      await notifyBilling(
        tx,
        events,
        sub.userId,
        'Subscription cancelled',
        `Your ${plan.name} plan was cancelled after repeated failed payments. Choose a plan again under Profile → Billing.`,
      );
      return;
    }
    if (sub.status === 'expired' || sub.status === 'failed') return;
    await repo.updateSubscription(tx, sub.id, { status: 'expired' });
    await notifyBilling(
      tx,
      events,
      sub.userId,
      'Subscription ended',
      `Your ${plan.name} plan has ended. Choose a plan again under Profile → Billing.`,
    );
  }

  async function bookingPayment(
    tx: Executor,
    e: Extract<
      BillingEvent,
      { type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' }
    >,
  ) {
    const { bookingId, userId, purpose } = e.metadata;
    if (purpose !== 'booking' || !bookingId || !userId) return;
    const booking = await repo.findBookingToPay(tx, bookingId);
    if (!booking || booking.driverId !== userId) return;
    const succeeded = e.type === 'payment_intent.succeeded';
    const report = {
      stripePaymentIntentId: e.paymentIntentId,
      status: succeeded ? ('completed' as const) : ('failed' as const),
      cardBrand: e.card?.brand ?? null,
      cardLast4: e.card?.last4 ?? null,
      failureMessage: e.message,
    };
    // A charge made on a claimed payment row (docs/decisions/035) settles that row.
    const paymentId = z.uuid().safeParse(e.metadata.paymentId);
    const claimed = paymentId.success ? await repo.lockPayment(tx, paymentId.data) : null;
    const mine = claimed && claimed.bookingId === bookingId;
    const before = mine ? claimed : await repo.findPaymentByIntent(tx, e.paymentIntentId);
    const settled = mine
      ? await repo.settleClaim(tx, claimed.id, report)
      : await repo.upsertPaymentByIntent(tx, {
          ...report,
          userId,
          bookingId,
          amount: fromCents(e.amountCents),
          currency: e.currency,
          paymentMethod: 'card',
          description: `${booking.serviceType} — ${booking.businessName}`,
        });
    // The payer's receipt, unless the charge's own answer settled it first.
    if (settled?.status === 'completed' && before?.status !== 'completed') {
      await notifyReceipt(tx, events, settled);
      await webhookEvents.paymentSucceeded(tx, settled);
    }
    if (settled) await recordJobCharge(tx, settled, booking.providerId);
    if (succeeded)
      await notifyBilling(
        tx,
        events,
        booking.providerOwnerId,
        'Payment received',
        `${formatUsd(fromCents(e.amountCents))} paid by card for ${booking.serviceType}.`,
      );
    await events.publish(
      tx,
      { userIds: [userId, booking.providerOwnerId] },
      { type: 'booking', data: { id: bookingId, status: booking.status } },
    );
  }

  async function refunded(tx: Executor, e: Extract<BillingEvent, { type: 'charge.refunded' }>) {
    if (
      e.paymentIntentId &&
      (await chargeRefunded(tx, events, e.paymentIntentId, e.amountRefundedCents))
    )
      return;
    const paid = e.paymentIntentId ? await repo.findPaymentByIntent(tx, e.paymentIntentId) : null;
    if (paid) {
      await repo.updatePayment(tx, paid.id, { status: 'refunded' });
      return;
    }
    const sub = e.metadata.localId ? await repo.findSubscription(tx, e.metadata.localId) : null;
    if (!sub) return;
    await repo.insertPayment(tx, {
      userId: sub.userId,
      subscriptionId: sub.id,
      amount: fromCents(e.amountRefundedCents),
      currency: e.currency,
      paymentMethod: 'card',
      status: 'refunded',
      description: e.metadata.description ?? 'Refund',
      cardBrand: e.metadata.cardBrand ?? null,
      cardLast4: e.metadata.cardLast4 ?? null,
    });
  }

  async function apply(tx: Executor, e: BillingEvent, reversal: DisputeReversal | null) {
    switch (e.type) {
      case 'invoice.paid':
        return invoicePaid(tx, e);
      case 'invoice.payment_failed':
        return invoiceFailed(tx, e);
      case 'subscription.updated': {
        const sub = await repo.findSubscriptionByGatewayId(tx, e.subscription.id);
        if (sub) await syncSubscription(tx, sub, e.subscription);
        return;
      }
      case 'subscription.deleted':
        return subscriptionEnded(tx, e);
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        return bookingPayment(tx, e);
      case 'charge.refunded':
        return refunded(tx, e);
      case 'account.updated':
        return accountUpdated(tx, gateway.mode, e.account);
      case 'payout.created':
      case 'payout.paid':
      case 'payout.failed':
        return payoutEvent(tx, events, e.type, e.payout);
      case 'charge.dispute.created':
      case 'charge.dispute.closed':
        return disputeEvent(tx, events, e, reversal);
      case 'ignored':
        return;
    }
  }

  async function simulated(tx: Executor, payload: z.infer<typeof simulatedCheckout>) {
    if (!(await repo.findUser(tx, payload.userId))) return;
    await repo.upsertPaymentByIntent(tx, {
      userId: payload.userId,
      amount: payload.amount,
      paymentMethod: 'card',
      status: payload.status === 'success' ? 'completed' : 'failed',
      stripePaymentIntentId: `cs_${payload.sessionId}`,
      description: `Checkout ${payload.sessionId} — ${plans[payload.planType].name} plan (simulated)`,
      metadata: { source: 'checkout', sessionId: payload.sessionId },
    });
  }

  return {
    /**
     * Verifies the raw body's Stripe-Signature (secret, age), then acts on the event once: its id is
     * claimed in the same transaction as its effect, so a replay or a redelivery changes nothing.
     */
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate: boolean }> {
      if (!signature)
        throw new AppError(
          'bad_request',
          'Webhook verification failed: missing Stripe-Signature header',
        );
      const parsed = verified(rawBody, signature);
      if (parsed === null)
        throw new AppError(
          'bad_request',
          'Webhook verification failed: Could not validate webhook signature',
        );
      const event = envelope.safeParse(parsed);
      const checkout = event.success ? null : simulatedCheckout.safeParse(parsed);
      if (!event.success && !checkout?.success)
        throw new AppError('bad_request', 'Unrecognised webhook event');
      let billingEvent: BillingEvent | null = null;
      if (event.success) {
        try {
          billingEvent = readBillingEvent(parsed as Stripe.Event);
        } catch {
          throw new AppError('bad_request', `Unreadable ${event.data.type} event`);
        }
      }
      const id = billingEvent
        ? billingEvent.id
        : `checkout:${checkout!.data!.sessionId}:${checkout!.data!.status}`;
      const type = event.success ? event.data.type : 'checkout.simulated';
      const reversal = billingEvent ? await reverseLostDispute(db, gateway, billingEvent) : null;
      const processed = await db.transaction(async (tx) => {
        if (!(await repo.claimWebhookEvent(tx, id, type))) return false;
        if (billingEvent) await apply(tx, billingEvent, reversal);
        else await simulated(tx, checkout!.data!);
        return true;
      });
      return { received: true, duplicate: !processed };
    },

    /** Sends a test event through our own webhook endpoint, signed (verified) or not. */
    async test(user: PublicUser, input: WebhookTestInput) {
      assertPaymentsOn(gateway);
      const eventId = `evt_test_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type: input.event ?? 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: input.sessionId,
            object: 'checkout.session',
            metadata: { userId: user.id },
          },
        },
      });
      const secret =
        input.verified === false
          ? `whsec_wrong_${randomBytes(8).toString('hex')}`
          : gateway.webhookSecret;
      const answer = await post(
        payload,
        stripeSdk().webhooks.generateTestHeaderString({ payload, secret }),
      );
      const accepted = answer.status >= 200 && answer.status < 300;
      let error: string | null = null;
      if (!accepted) {
        try {
          error = (JSON.parse(answer.body) as { error?: string }).error ?? answer.body;
        } catch {
          error = answer.body;
        }
      }
      return { eventId, status: answer.status, verified: accepted, error };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
