import type Stripe from 'stripe';
import { cardBrands, type CardBrand } from '../../../core/billing/cards.ts';
import { planTypes, type PlanType } from '../../../core/billing/plans.ts';
import type { PayoutSchedule } from '../../../core/billing/payouts.ts';
import type {
  GatewayAccount,
  GatewayPayout,
  GatewaySubscription,
  GatewaySubscriptionStatus,
} from './gateway/gateway.ts';

type Card = { brand: CardBrand; last4: string } | null;

/** The webhook events the product acts on, read from Stripe's shapes (both gateways send them). */
export type BillingEvent = { id: string } & (
  | {
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string | null;
      amountCents: number;
      currency: string;
      paymentIntentId: string | null;
      billingReason: string | null;
      periodStart: Date | null;
      periodEnd: Date | null;
      card: Card;
    }
  | {
      type: 'invoice.payment_failed';
      invoiceId: string;
      subscriptionId: string | null;
      amountCents: number;
      currency: string;
      billingReason: string | null;
      attempt: number;
      nextAttemptAt: Date | null;
      message: string | null;
      card: Card;
    }
  | { type: 'subscription.updated'; subscription: GatewaySubscription }
  | {
      type: 'subscription.deleted';
      subscription: GatewaySubscription;
      /** Why it ended: asked for (at the period's end) or payments kept failing. */
      reason: 'cancellation_requested' | 'payment_failed' | 'other';
    }
  | {
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
      paymentIntentId: string;
      amountCents: number;
      currency: string;
      metadata: Record<string, string>;
      card: Card;
      message: string | null;
    }
  | {
      type: 'charge.refunded';
      paymentIntentId: string | null;
      amountRefundedCents: number;
      currency: string;
      metadata: Record<string, string>;
    }
  | { type: 'account.updated'; account: GatewayAccount }
  | { type: 'payout.created' | 'payout.paid' | 'payout.failed'; payout: GatewayPayout }
  | {
      type: 'charge.dispute.created' | 'charge.dispute.closed';
      disputeId: string;
      paymentIntentId: string | null;
      amountCents: number;
      reason: string;
      /** Stripe's dispute status: `needs_response`, `under_review`, `won`, `lost`, … */
      status: string;
      evidenceDueBy: Date | null;
    }
  | { type: 'ignored'; stripeType: string }
);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const seconds = (value: number | null | undefined) =>
  value == null ? null : new Date(value * 1000);

export const toCardBrand = (brand: string | null | undefined): CardBrand =>
  (cardBrands as readonly string[]).includes(brand ?? '') ? (brand as CardBrand) : 'unknown';

const isPlan = (value: unknown): value is PlanType =>
  (planTypes as readonly unknown[]).includes(value);

/** A Stripe subscription as the product sees it; the plan comes from the price's metadata. */
export function readSubscription(sub: Stripe.Subscription): GatewaySubscription {
  const item = sub.items.data[0];
  const plan = item?.price.metadata?.planType ?? sub.metadata?.planType;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    planType: isPlan(plan) ? plan : 'basic',
    status: sub.status as GatewaySubscriptionStatus,
    currentPeriodStart: new Date((item?.current_period_start ?? sub.start_date) * 1000),
    currentPeriodEnd: new Date((item?.current_period_end ?? sub.start_date) * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    // A schedule's phases are not in the subscription: with one attached, what comes next is unknown here.
    scheduledPlanType: sub.schedule ? undefined : null,
    localId: sub.metadata?.localId ?? null,
  };
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

function invoicePaymentIntent(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data?.[0]?.payment;
  return idOf(payment?.payment_intent ?? null);
}

function invoicePeriod(invoice: Stripe.Invoice) {
  const line = invoice.lines?.data?.[0];
  return {
    periodStart: seconds(line?.period?.start ?? invoice.period_start),
    periodEnd: seconds(line?.period?.end ?? invoice.period_end),
  };
}

function cardOf(pi: Stripe.PaymentIntent): Card {
  const pm = pi.payment_method;
  if (pm && typeof pm !== 'string' && pm.card)
    return { brand: toCardBrand(pm.card.brand), last4: pm.card.last4 };
  return null;
}

/** Our metadata on the gateway's objects says which card paid; Stripe's expanded objects too. */
function metadataCard(metadata: Stripe.Metadata | null | undefined): Card {
  if (metadata?.cardLast4)
    return { brand: toCardBrand(metadata.cardBrand), last4: metadata.cardLast4 };
  return null;
}

/** A connected account as the product sees it (Stripe Connect Express). */
export function readAccount(account: Stripe.Account): GatewayAccount {
  const due = [
    ...(account.requirements?.past_due ?? []),
    ...(account.requirements?.currently_due ?? []),
  ];
  const bank = account.external_accounts?.data?.[0];
  const interval = account.settings?.payouts?.schedule?.interval;
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    currentlyDue: [...new Set(due)],
    disabledReason: account.requirements?.disabled_reason ?? null,
    schedule: (interval === 'weekly' ? 'weekly' : 'daily') satisfies PayoutSchedule,
    bankLast4: bank && 'last4' in bank ? (bank.last4 ?? null) : null,
    providerId: account.metadata?.providerId ?? null,
  };
}

export function readPayout(payout: Stripe.Payout, accountId: string): GatewayPayout {
  return {
    id: payout.id,
    accountId,
    amountCents: payout.amount,
    status: payout.status as GatewayPayout['status'],
    arrivalDate: seconds(payout.arrival_date),
    createdAt: new Date(payout.created * 1000),
    failureCode: payout.failure_code ?? null,
    failureMessage: payout.failure_message ?? null,
  };
}

export function readBillingEvent(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      return {
        id: event.id,
        type: 'invoice.paid',
        invoiceId: invoice.id ?? '',
        subscriptionId: invoiceSubscription(invoice),
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        paymentIntentId: invoicePaymentIntent(invoice),
        billingReason: invoice.billing_reason,
        ...invoicePeriod(invoice),
        card: metadataCard(invoice.metadata),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        id: event.id,
        type: 'invoice.payment_failed',
        invoiceId: invoice.id ?? '',
        subscriptionId: invoiceSubscription(invoice),
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        billingReason: invoice.billing_reason,
        attempt: invoice.attempt_count,
        nextAttemptAt: seconds(invoice.next_payment_attempt),
        message: invoice.metadata?.failureMessage ?? null,
        card: metadataCard(invoice.metadata),
      };
    }
    case 'customer.subscription.updated':
      return {
        id: event.id,
        type: 'subscription.updated',
        subscription: readSubscription(event.data.object),
      };
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const reason = sub.cancellation_details?.reason;
      return {
        id: event.id,
        type: 'subscription.deleted',
        subscription: readSubscription(sub),
        reason:
          reason === 'payment_failed'
            ? 'payment_failed'
            : reason === 'cancellation_requested'
              ? 'cancellation_requested'
              : 'other',
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: pi.id,
        amountCents: pi.amount,
        currency: pi.currency,
        metadata: pi.metadata ?? {},
        card: cardOf(pi) ?? metadataCard(pi.metadata),
        message: pi.last_payment_error?.message ?? null,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        id: event.id,
        type: 'charge.refunded',
        paymentIntentId: idOf(charge.payment_intent),
        amountRefundedCents: charge.amount_refunded,
        currency: charge.currency,
        metadata: charge.metadata ?? {},
      };
    }
    case 'account.updated':
      return { id: event.id, type: 'account.updated', account: readAccount(event.data.object) };
    case 'payout.created':
    case 'payout.paid':
    case 'payout.failed':
      return {
        id: event.id,
        type: event.type,
        // Connect events name the connected account the payout belongs to.
        payout: readPayout(event.data.object, event.account ?? ''),
      };
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      return {
        id: event.id,
        type: event.type,
        disputeId: dispute.id,
        paymentIntentId: idOf(dispute.payment_intent),
        amountCents: dispute.amount,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: seconds(dispute.evidence_details?.due_by),
      };
    }
    default:
      return { id: event.id, type: 'ignored', stripeType: event.type };
  }
}
