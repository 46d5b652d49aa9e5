import type { CardBrand } from '../../../../core/billing/cards.ts';
import type { PlanType } from '../../../../core/billing/plans.ts';
import type { PayoutSchedule } from '../../../../core/billing/payouts.ts';
import type { GatewayMode } from '../../../../core/billing/schemas.ts';

/** A saved card as the gateway keeps it: never the number, only brand, last 4 and expiry. */
export interface GatewayCard {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/** Stripe's subscription statuses (the test gateway uses the same words). */
export type GatewaySubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface GatewaySubscription {
  id: string;
  customerId: string;
  planType: PlanType;
  status: GatewaySubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /**
   * The cheaper plan that starts with the next period; `undefined` when this report cannot say
   * (a Stripe subscription names its schedule, not the schedule's phases).
   */
  scheduledPlanType?: PlanType | null;
  /** Our subscription row, from the gateway's metadata. */
  localId: string | null;
}

/** A new subscription waits for its first payment, confirmed in the page with this secret. */
export interface NewGatewaySubscription extends GatewaySubscription {
  clientSecret: string;
}

export interface ChargeResult {
  paymentIntentId: string;
  status: 'succeeded' | 'requires_action' | 'failed';
  /** For the page to finish an authentication step (3-D Secure). */
  clientSecret: string | null;
  card: { brand: CardBrand; last4: string } | null;
  message: string | null;
}

export interface ChargeInput {
  customerId: string;
  cardId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /**
   * A destination charge (Stripe Connect): `amountCents - applicationFeeCents` goes to the
   * connected account, the platform keeps `applicationFeeCents`.
   */
  destination?: { accountId: string; applicationFeeCents: number };
}

/** A connected account (Stripe Connect Express) as the product sees it. */
export interface GatewayAccount {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Stripe's `requirements.currently_due` (and `past_due`) keys. */
  currentlyDue: string[];
  disabledReason: string | null;
  schedule: PayoutSchedule;
  bankLast4: string | null;
  /** Our provider's id, from the account's metadata. */
  providerId: string | null;
}

export interface GatewayBalance {
  pendingCents: number;
  availableCents: number;
}

export interface GatewayPayout {
  id: string;
  accountId: string;
  amountCents: number;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrivalDate: Date | null;
  createdAt: Date;
  failureCode: string | null;
  failureMessage: string | null;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface GatewayRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  /** The platform fee given back with it (Stripe: `refund_application_fee`). */
  feeRefundCents: number;
  /** Taken back from the connected account (Stripe: `reverse_transfer`). */
  reversalCents: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface TransferReversalInput {
  paymentIntentId: string;
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** What the gateway holds for one job payment, for the nightly reconciliation. */
export interface GatewayChargeFacts {
  paymentIntentId: string;
  chargedCents: number;
  refundedCents: number;
  applicationFeeCents: number;
  feeRefundedCents: number;
  transferredCents: number;
  reversedCents: number;
  disputedCents: number;
}

export interface CustomerInput {
  userId: string;
  email: string;
  name: string;
}

/**
 * What the product asks of a card payment provider. Two implementations: Stripe (the official
 * SDK) and the built-in test gateway (docs/billing.md). Webhooks from either are Stripe-shaped
 * events, verified with `Stripe.webhooks.constructEvent` and read by `readBillingEvent`.
 */
export interface PaymentGateway {
  readonly mode: GatewayMode;
  /** For the page's card form: Stripe's publishable key, or null in test mode. */
  readonly publishableKey: string | null;
  /** The secret webhooks are signed with. */
  readonly webhookSecret: string;

  createCustomer(input: CustomerInput): Promise<string>;
  /** Deletes the customer with its saved cards (account deletion); a missing one is no error. */
  deleteCustomer(customerId: string): Promise<void>;

  /** Created incomplete (Stripe: `default_incomplete`) until the first invoice is paid. */
  createSubscription(input: {
    customerId: string;
    planType: PlanType;
    localId: string;
    idempotencyKey: string;
  }): Promise<NewGatewaySubscription>;
  retrieveSubscription(id: string): Promise<GatewaySubscription>;
  /** The client secret of an incomplete subscription's first payment (a page reloaded mid-way). */
  pendingClientSecret(subscriptionId: string): Promise<string | null>;
  /**
   * A dearer plan now, prorated: Stripe invoices the difference at once; the test gateway by the
   * day. Drops a scheduled change.
   */
  changePlan(subscriptionId: string, planType: PlanType): Promise<GatewaySubscription>;
  /**
   * A cheaper plan from the end of the paid period, nothing charged or refunded now (Stripe: a
   * subscription schedule); null drops the scheduled change.
   */
  scheduleChange(subscriptionId: string, planType: PlanType | null): Promise<GatewaySubscription>;
  /** true: stops at the end of the paid period (dropping a scheduled change); false: resumes. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<GatewaySubscription>;
  /** Ends an incomplete subscription that will never be paid. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Charges the open invoice of a past-due subscription again, now. */
  retryOpenInvoice(subscriptionId: string): Promise<ChargeResult>;

  /** A secret for the page to save a new card (Stripe: a SetupIntent). */
  createSetupIntent(customerId: string): Promise<{ clientSecret: string }>;
  listCards(customerId: string): Promise<GatewayCard[]>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  /** Removes a card; a card of another customer answers as a missing one. */
  removeCard(customerId: string, cardId: string): Promise<void>;
  /** Charges a saved card now (a completed job's total), split at the source with `destination`. */
  charge(input: ChargeInput): Promise<ChargeResult>;

  /** A connected account for a business (Stripe: an Express account with card_payments and transfers). */
  createAccount(input: {
    providerId: string;
    /** The business's owner: only they may onboard it (the test gateway's page checks). */
    ownerUserId: string;
    email: string;
    businessName: string;
  }): Promise<GatewayAccount>;
  retrieveAccount(accountId: string): Promise<GatewayAccount>;
  /**
   * Where onboarding continues (Stripe: an Account Link of type `account_onboarding`; the test
   * gateway: its own page). `returnUrl` when done, `refreshUrl` when the link expired.
   */
  accountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  setPayoutSchedule(accountId: string, schedule: PayoutSchedule): Promise<GatewayAccount>;
  balance(accountId: string): Promise<GatewayBalance>;
  /** Refunds a destination charge, giving back the fee and reversing the transfer in proportion. */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /**
   * Takes part of a destination charge's transfer back from the connected account, nothing
   * refunded to the card (a lost dispute). The same key answers the first reversal again.
   */
  reverseTransfer(input: TransferReversalInput): Promise<{ id: string; amountCents: number }>;
  /** What the gateway holds for a job payment (the nightly reconciliation). */
  chargeFacts(paymentIntentId: string): Promise<GatewayChargeFacts>;

  /**
   * The gateway's own clock: the test gateway renews due subscriptions, retries failed renewals,
   * makes funds available and pays out connected accounts here. Stripe does all of it by itself
   * (and tells us by webhook), so it does nothing.
   */
  runDue(now: Date): Promise<void>;
}

/** Thrown for what the gateway refused (a bad request, an unknown card); the message is for users. */
export class GatewayError extends Error {
  readonly status: 'bad_request' | 'not_found' | 'payment_failed' | 'unavailable';
  constructor(status: GatewayError['status'], message: string) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
  }
}
