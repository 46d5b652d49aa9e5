import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  addMonth,
  isDowngrade,
  plans,
  prorationCents,
  type PlanType,
} from '../../../../core/billing/plans.ts';
import type { ConfirmResult, TestCardInput } from '../../../../core/billing/schemas.ts';
import type { Database, Executor } from '../../../db/client.ts';
import {
  GatewayError,
  type ChargeResult,
  type GatewayCard,
  type GatewaySubscription,
  type GatewaySubscriptionStatus,
  type PaymentGateway,
} from './gateway.ts';
import { chargeOutcome, checkCard, failures, type CardBehaviour } from './test-cards.ts';
import {
  createTestConnect,
  type ConnectEvent,
  type OnboardingInput,
  type OnboardingView,
} from './test-gateway-connect.ts';
import { chargeIdOf } from './test-gateway-objects.ts';
import * as repo from './test-gateway.repository.ts';
import { stripeSdk } from '../stripe-sdk.ts';

const DAY_MS = 86_400_000;
/** A failed renewal is retried after 1 day and then 2 more; the third failure cancels the plan. */
export const RENEWAL_RETRY_DELAYS_MS = [DAY_MS, 2 * DAY_MS];
const EVENT_LEASE_MS = 30_000;

export interface TestGatewayOptions {
  db: Database;
  webhookSecret: string;
  /** Posts a signed event to the app's own webhook endpoint; answers whether it was accepted. */
  deliver(payload: string, signature: string): Promise<boolean>;
  log: FastifyBaseLogger;
  /** Where the onboarding page is served; by default the origin of the link's return address. */
  publicUrl?: string;
}

export interface TestGateway extends PaymentGateway {
  /** What Stripe.js does with a card in the page: confirms a payment or setup intent. */
  confirm(userId: string, clientSecret: string, card: TestCardInput): Promise<ConfirmResult>;
  /** The authentication step (3-D Secure) the user approves or refuses. */
  authenticate(userId: string, clientSecret: string, approve: boolean): Promise<ConfirmResult>;
  /** Posts the webhooks not yet delivered. */
  flush(): Promise<void>;
  /** The onboarding page's view of a connected account; only its owner sees it. */
  onboardingView(userId: string, accountId: string): Promise<OnboardingView>;
  /** What the owner entered on the onboarding page (Stripe's test identity and bank values). */
  onboard(userId: string, accountId: string, input: OnboardingInput): Promise<OnboardingView>;
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Moves the gateway's clock on (Stripe's test clocks), runs what fell due, posts its events. */
  advanceClock(days: number): Promise<Date>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const succeeded: ConfirmResult = { status: 'succeeded', message: null, code: null };

type NewEvent = ConnectEvent;

/**
 * The built-in test-mode gateway (docs/billing.md): Stripe's flow — customers, incomplete
 * subscriptions paid with a client secret, saved cards, renewals, signed Stripe-shaped webhooks —
 * kept in its own tables, with Stripe's public test cards. Nothing is ever really charged.
 */
export function createTestGateway(options: TestGatewayOptions): TestGateway {
  const { db, log } = options;

  function subscriptionObject(sub: repo.TestSubscription): Record<string, unknown> {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customerId,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: null,
      // Like Stripe's: a scheduled change is a schedule attached to the subscription.
      schedule: sub.scheduledPlanType ? `sub_sched_${sub.id}` : null,
      start_date: unix(sub.createdAt),
      metadata: { localId: sub.localId ?? '', planType: sub.planType },
      cancellation_details: { reason: sub.cancellationReason },
      items: {
        object: 'list',
        data: [
          {
            current_period_start: unix(sub.currentPeriodStart),
            current_period_end: unix(sub.currentPeriodEnd),
            price: { metadata: { planType: sub.planType } },
          },
        ],
      },
    };
  }

  function invoiceObject(
    intent: repo.TestIntent,
    paid: boolean,
    extra: { attempt?: number; nextAttempt?: Date | null; failure?: string | null } = {},
    card?: { brand: string; last4: string } | null,
  ): Record<string, unknown> {
    return {
      id: intent.invoiceId,
      object: 'invoice',
      amount_paid: paid ? intent.amountCents : 0,
      amount_due: intent.amountCents,
      currency: intent.currency,
      billing_reason: intent.billingReason,
      attempt_count: extra.attempt ?? 1,
      next_payment_attempt: extra.nextAttempt ? unix(extra.nextAttempt) : null,
      parent: { subscription_details: { subscription: intent.subscriptionId } },
      payments: { object: 'list', data: [{ payment: { payment_intent: intent.id } }] },
      lines: {
        object: 'list',
        data: [
          {
            period: {
              start: intent.periodStart ? unix(intent.periodStart) : null,
              end: intent.periodEnd ? unix(intent.periodEnd) : null,
            },
          },
        ],
      },
      metadata: {
        ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
        ...(extra.failure ? { failureMessage: extra.failure } : {}),
      },
    };
  }

  function paymentIntentObject(intent: repo.TestIntent, card: repo.TestPaymentMethod | null) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      payment_method: intent.paymentMethodId,
      metadata: {
        ...intent.metadata,
        ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
      },
      last_payment_error: intent.lastError ? { message: intent.lastError } : null,
      latest_charge: intent.status === 'succeeded' ? chargeIdOf(intent.id) : null,
      application_fee_amount: intent.applicationFeeCents,
      transfer_data: intent.destinationAccountId
        ? { destination: intent.destinationAccountId }
        : null,
    };
  }

  async function record(exec: Executor, events: NewEvent[]) {
    const created = unix(new Date());
    await repo.insertEvents(
      exec,
      events.map(({ type, object, account }) => {
        const id = newId('evt');
        return {
          id,
          type,
          payload: JSON.stringify({
            id,
            object: 'event',
            api_version: stripeSdk().API_VERSION,
            created,
            livemode: false,
            // Connect events name the connected account they happened on, as Stripe's do.
            ...(account ? { account } : {}),
            type,
            data: { object },
          }),
        };
      }),
    );
  }

  async function flush() {
    for (;;) {
      const batch = await repo.claimEvents(db, 20, EVENT_LEASE_MS);
      if (batch.length === 0) return;
      for (const event of batch) {
        const signature = stripeSdk().webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: options.webhookSecret,
        });
        let accepted = false;
        try {
          accepted = await options.deliver(event.payload, signature);
        } catch (err) {
          log.warn({ err, eventId: event.id }, 'test gateway: webhook delivery failed');
        }
        if (accepted) await repo.markEventDelivered(db, event.id);
        else {
          // Left for the next run (the scheduler flushes too), like Stripe's retries.
          await repo.releaseEvent(db, event.id);
          return;
        }
      }
    }
  }

  /** Runs a change in one transaction, then posts the webhooks it produced. */
  async function change<T>(work: (tx: Executor, emit: (e: NewEvent) => void) => Promise<T>) {
    const result = await db.transaction(async (tx) => {
      const events: NewEvent[] = [];
      const value = await work(tx, (e) => events.push(e));
      await record(tx, events);
      return value;
    });
    await flush();
    return result;
  }

  const connect = createTestConnect({ db, change, publicUrl: options.publicUrl });

  const toGatewaySubscription = (sub: repo.TestSubscription): GatewaySubscription => ({
    id: sub.id,
    customerId: sub.customerId,
    planType: sub.planType as PlanType,
    status: sub.status as GatewaySubscriptionStatus,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledPlanType: (sub.scheduledPlanType as PlanType | null) ?? null,
    localId: sub.localId,
  });

  async function subscriptionOrThrow(exec: Executor, id: string, lock = false) {
    const sub = await repo.findSubscription(exec, id, lock);
    if (!sub) throw new GatewayError('not_found', 'No such subscription');
    return sub;
  }

  const newSecret = (intentId: string) => `${intentId}_secret_${randomBytes(16).toString('hex')}`;

  async function newInvoiceIntent(
    exec: Executor,
    sub: repo.TestSubscription,
    amountCents: number,
    billingReason: string,
    periodStart: Date,
    periodEnd: Date,
    status: string,
    paymentMethodId: string | null,
  ) {
    const id = newId('pi');
    return repo.insertIntent(exec, {
      id,
      kind: 'payment',
      clientSecret: newSecret(id),
      customerId: sub.customerId,
      amountCents,
      status,
      paymentMethodId,
      description: `${plans[sub.planType as PlanType].name} plan`,
      metadata: { localId: sub.localId ?? '', purpose: 'subscription' },
      subscriptionId: sub.id,
      invoiceId: newId('in'),
      billingReason,
      periodStart,
      periodEnd,
    });
  }

  /** The saved card a renewal or an off-page charge uses. */
  async function defaultCard(exec: Executor, sub: repo.TestSubscription) {
    const customer = await repo.findCustomer(exec, sub.customerId);
    const id = sub.defaultPaymentMethodId ?? customer?.defaultPaymentMethodId;
    return id ? repo.findPaymentMethod(exec, id) : null;
  }

  /** A paid invoice moves the subscription to active and makes its card the default. */
  async function invoicePaid(
    tx: Executor,
    emit: (e: NewEvent) => void,
    sub: repo.TestSubscription,
    intent: repo.TestIntent,
    card: repo.TestPaymentMethod,
    subChanges: Partial<repo.TestSubscription> = {},
  ) {
    const paid = await repo.updateIntent(tx, intent.id, {
      status: 'succeeded',
      paymentMethodId: card.id,
      lastError: null,
    });
    const updated = await repo.updateSubscription(tx, sub.id, {
      status: 'active',
      defaultPaymentMethodId: card.id,
      failedAttempts: 0,
      nextAttemptAt: null,
      openInvoiceId: null,
      ...subChanges,
    });
    const customer = await repo.findCustomer(tx, sub.customerId);
    if (customer && !customer.defaultPaymentMethodId)
      await repo.setCustomerDefault(tx, customer.id, card.id);
    emit({ type: 'invoice.paid', object: invoiceObject(paid, true, {}, card) });
    emit({ type: 'customer.subscription.updated', object: subscriptionObject(updated) });
  }

  async function invoiceFailed(
    tx: Executor,
    emit: (e: NewEvent) => void,
    sub: repo.TestSubscription,
    intent: repo.TestIntent,
    card: repo.TestPaymentMethod | null,
    message: string,
    now: Date,
  ) {
    const failed = await repo.updateIntent(tx, intent.id, {
      status: 'requires_payment_method',
      lastError: message,
    });
    if (intent.billingReason === 'subscription_create') {
      emit({
        type: 'invoice.payment_failed',
        object: invoiceObject(failed, false, { failure: message }, card),
      });
      return;
    }
    const attempts = sub.failedAttempts + 1;
    const delay = RENEWAL_RETRY_DELAYS_MS[attempts - 1];
    const nextAttempt = delay === undefined ? null : new Date(now.getTime() + delay);
    const updated = await repo.updateSubscription(tx, sub.id, {
      failedAttempts: attempts,
      nextAttemptAt: nextAttempt,
      openInvoiceId: intent.invoiceId,
      ...(nextAttempt
        ? { status: 'past_due' }
        : { status: 'canceled', cancellationReason: 'payment_failed', endedAt: now }),
    });
    emit({
      type: 'invoice.payment_failed',
      object: invoiceObject(
        failed,
        false,
        { attempt: attempts, nextAttempt, failure: message },
        card,
      ),
    });
    emit({
      type: nextAttempt ? 'customer.subscription.updated' : 'customer.subscription.deleted',
      object: subscriptionObject(updated),
    });
  }

  /** One renewal, retry or expiry of a subscription whose clock ran out. */
  async function advance(
    tx: Executor,
    emit: (e: NewEvent) => void,
    sub: repo.TestSubscription,
    now: Date,
  ) {
    if (sub.status === 'incomplete') {
      const expired = await repo.updateSubscription(tx, sub.id, {
        status: 'incomplete_expired',
        endedAt: now,
      });
      emit({ type: 'customer.subscription.updated', object: subscriptionObject(expired) });
      return;
    }
    if (sub.status === 'active' && sub.cancelAtPeriodEnd) {
      const ended = await repo.updateSubscription(tx, sub.id, {
        status: 'canceled',
        cancellationReason: 'cancellation_requested',
        endedAt: now,
      });
      emit({ type: 'customer.subscription.deleted', object: subscriptionObject(ended) });
      return;
    }
    let intent: repo.TestIntent;
    if (sub.status === 'active') {
      // Renewal: the period moves on at once (on the scheduled plan, if any); its invoice is paid
      // now or retried.
      const start = sub.currentPeriodEnd;
      const end = addMonth(start);
      const scheduled = sub.scheduledPlanType;
      sub = await repo.updateSubscription(tx, sub.id, {
        currentPeriodStart: start,
        currentPeriodEnd: end,
        planType: scheduled ?? sub.planType,
        scheduledPlanType: null,
      });
      // The new plan is reported before its first invoice, as Stripe's schedule does.
      if (scheduled)
        emit({ type: 'customer.subscription.updated', object: subscriptionObject(sub) });
      intent = await newInvoiceIntent(
        tx,
        sub,
        plans[sub.planType as PlanType].priceCents,
        'subscription_cycle',
        start,
        end,
        'processing',
        null,
      );
    } else {
      const open = sub.openInvoiceId
        ? await repo.findOpenIntent(tx, sub.id, sub.openInvoiceId)
        : null;
      if (!open) return;
      intent = open;
    }
    await chargeInvoice(tx, emit, sub, intent, now);
  }

  async function chargeInvoice(
    tx: Executor,
    emit: (e: NewEvent) => void,
    sub: repo.TestSubscription,
    intent: repo.TestIntent,
    now: Date,
  ): Promise<ChargeResult> {
    const card = await defaultCard(tx, sub);
    const outcome = card ? chargeOutcome(card.behaviour as CardBehaviour, false) : null;
    if (card && outcome === 'succeeded') {
      await invoicePaid(tx, emit, sub, intent, card);
      return {
        paymentIntentId: intent.id,
        status: 'succeeded',
        clientSecret: null,
        card: { brand: card.brand as GatewayCard['brand'], last4: card.last4 },
        message: null,
      };
    }
    const message =
      outcome && typeof outcome === 'object' ? outcome.message : 'No card on file to charge.';
    await invoiceFailed(tx, emit, sub, intent, card, message, now);
    return {
      paymentIntentId: intent.id,
      status: 'failed',
      clientSecret: null,
      card: card ? { brand: card.brand as GatewayCard['brand'], last4: card.last4 } : null,
      message,
    };
  }

  async function customerOf(exec: Executor, userId: string, intent: repo.TestIntent) {
    const customer = intent.customerId ? await repo.findCustomer(exec, intent.customerId) : null;
    // Someone else's client secret answers like a missing one.
    if (!customer || customer.userId !== userId)
      throw new GatewayError('not_found', 'No such payment');
    return customer;
  }

  /** The intent's success: what it paid for moves on. */
  async function finishIntent(
    tx: Executor,
    emit: (e: NewEvent) => void,
    intent: repo.TestIntent,
    card: repo.TestPaymentMethod,
  ) {
    if (intent.kind === 'setup') {
      await repo.attachPaymentMethod(tx, card.id, intent.customerId);
      await repo.updateIntent(tx, intent.id, {
        status: 'succeeded',
        paymentMethodId: card.id,
        lastError: null,
      });
      const customer = await repo.findCustomer(tx, intent.customerId!);
      if (customer && !customer.defaultPaymentMethodId)
        await repo.setCustomerDefault(tx, customer.id, card.id);
      return;
    }
    await repo.attachPaymentMethod(tx, card.id, intent.customerId);
    if (intent.subscriptionId) {
      const sub = await subscriptionOrThrow(tx, intent.subscriptionId, true);
      await invoicePaid(tx, emit, sub, intent, card);
      return;
    }
    const paid = await repo.updateIntent(tx, intent.id, {
      status: 'succeeded',
      paymentMethodId: card.id,
      lastError: null,
    });
    emit({ type: 'payment_intent.succeeded', object: paymentIntentObject(paid, card) });
    await connect.paymentSucceeded(tx, emit, paid, card);
  }

  async function failIntent(
    tx: Executor,
    emit: (e: NewEvent) => void,
    intent: repo.TestIntent,
    card: repo.TestPaymentMethod | null,
    message: string,
  ) {
    if (intent.kind === 'setup') {
      await repo.updateIntent(tx, intent.id, {
        status: 'requires_payment_method',
        lastError: message,
      });
      return;
    }
    if (intent.subscriptionId) {
      const sub = await subscriptionOrThrow(tx, intent.subscriptionId, true);
      await invoiceFailed(tx, emit, sub, intent, card, message, new Date());
      return;
    }
    const failed = await repo.updateIntent(tx, intent.id, {
      status: 'requires_payment_method',
      lastError: message,
    });
    emit({ type: 'payment_intent.payment_failed', object: paymentIntentObject(failed, card) });
  }

  /** What a card charge answers, from its intent (also for a repeated idempotency key). */
  function chargeAnswer(intent: repo.TestIntent, card: repo.TestPaymentMethod): ChargeResult {
    const status =
      intent.status === 'succeeded'
        ? 'succeeded'
        : intent.status === 'requires_action'
          ? 'requires_action'
          : 'failed';
    return {
      paymentIntentId: intent.id,
      status,
      clientSecret: status === 'requires_action' ? intent.clientSecret : null,
      card: { brand: card.brand as GatewayCard['brand'], last4: card.last4 },
      message: status === 'failed' ? intent.lastError : null,
    };
  }

  async function openIntent(tx: Executor, userId: string, clientSecret: string) {
    const intent = await repo.findIntentBySecret(tx, clientSecret);
    if (!intent) throw new GatewayError('not_found', 'No such payment');
    await customerOf(tx, userId, intent);
    return intent;
  }

  const gateway: TestGateway = {
    mode: 'test',
    publishableKey: null,
    webhookSecret: options.webhookSecret,

    async createCustomer(input) {
      const id = newId('cus');
      await repo.insertCustomer(db, {
        id,
        email: input.email,
        name: input.name,
        userId: input.userId,
      });
      return id;
    },

    async createSubscription({ customerId, planType, localId }) {
      return change(async (tx) => {
        const existing = await repo.findSubscriptionByLocalId(tx, localId);
        // Whole seconds, as Stripe's timestamps and this gateway's events carry them: a period end
        // read back from an event is then the same instant as the one stored.
        const now = new Date(unix(new Date()) * 1000);
        const id = existing?.id ?? newId('sub');
        if (!existing)
          await repo.insertSubscription(tx, {
            id,
            customerId,
            planType,
            status: 'incomplete',
            currentPeriodStart: now,
            currentPeriodEnd: addMonth(now),
            localId,
          });
        const sub = await subscriptionOrThrow(tx, id);
        const intent =
          (sub.openInvoiceId && (await repo.findOpenIntent(tx, sub.id, sub.openInvoiceId))) ||
          (await newInvoiceIntent(
            tx,
            sub,
            plans[planType].priceCents,
            'subscription_create',
            sub.currentPeriodStart,
            sub.currentPeriodEnd,
            'requires_payment_method',
            null,
          ));
        const withInvoice = await repo.updateSubscription(tx, sub.id, {
          openInvoiceId: intent.invoiceId,
        });
        return { ...toGatewaySubscription(withInvoice), clientSecret: intent.clientSecret };
      });
    },

    async retrieveSubscription(id) {
      return toGatewaySubscription(await subscriptionOrThrow(db, id));
    },

    async pendingClientSecret(id) {
      const sub = await subscriptionOrThrow(db, id);
      if (sub.status !== 'incomplete' || !sub.openInvoiceId) return null;
      return (await repo.findOpenIntent(db, sub.id, sub.openInvoiceId))?.clientSecret ?? null;
    },

    async changePlan(id, planType) {
      const now = new Date();
      return change(async (tx, emit) => {
        const sub = await subscriptionOrThrow(tx, id, true);
        if (sub.status !== 'active')
          throw new GatewayError('bad_request', 'Only an active plan can be changed');
        if (sub.planType === planType) return toGatewaySubscription(sub);
        if (isDowngrade(sub.planType as PlanType, planType))
          throw new GatewayError(
            'bad_request',
            'A cheaper plan starts at the end of the paid period: schedule it instead',
          );
        const amount = prorationCents(
          sub.planType as PlanType,
          planType,
          sub.currentPeriodStart,
          sub.currentPeriodEnd,
          now,
        );
        const card = await defaultCard(tx, sub);
        const metadata = { localId: sub.localId ?? '', purpose: 'subscription', planType };
        if (amount > 0) {
          const outcome = card ? chargeOutcome(card.behaviour as CardBehaviour, false) : null;
          if (!card || outcome !== 'succeeded')
            throw new GatewayError(
              'payment_failed',
              outcome && typeof outcome === 'object'
                ? outcome.message
                : 'No card on file to charge.',
            );
          const intentId = newId('pi');
          const intent = await repo.insertIntent(tx, {
            id: intentId,
            kind: 'payment',
            clientSecret: newSecret(intentId),
            customerId: sub.customerId,
            amountCents: amount,
            status: 'succeeded',
            paymentMethodId: card.id,
            description: `Change to ${plans[planType].name} (prorated)`,
            metadata,
            subscriptionId: sub.id,
            invoiceId: newId('in'),
            billingReason: 'subscription_update',
            periodStart: now,
            periodEnd: sub.currentPeriodEnd,
          });
          emit({ type: 'invoice.paid', object: invoiceObject(intent, true, {}, card) });
        }
        const updated = await repo.updateSubscription(tx, sub.id, {
          planType,
          scheduledPlanType: null,
        });
        emit({ type: 'customer.subscription.updated', object: subscriptionObject(updated) });
        return toGatewaySubscription(updated);
      });
    },

    async scheduleChange(id, planType) {
      return change(async (tx, emit) => {
        const sub = await subscriptionOrThrow(tx, id, true);
        if (sub.status !== 'active' || sub.cancelAtPeriodEnd)
          throw new GatewayError('bad_request', 'Only an active plan can be changed');
        if (planType !== null && !isDowngrade(sub.planType as PlanType, planType))
          throw new GatewayError('bad_request', 'Only a cheaper plan waits for the next period');
        if (sub.scheduledPlanType === planType) return toGatewaySubscription(sub);
        const updated = await repo.updateSubscription(tx, sub.id, { scheduledPlanType: planType });
        emit({ type: 'customer.subscription.updated', object: subscriptionObject(updated) });
        return toGatewaySubscription(updated);
      });
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return change(async (tx, emit) => {
        const sub = await subscriptionOrThrow(tx, id, true);
        if (sub.status !== 'active')
          throw new GatewayError('bad_request', 'Only an active plan can be cancelled or resumed');
        const updated = await repo.updateSubscription(tx, sub.id, {
          cancelAtPeriodEnd: cancel,
          ...(cancel ? { scheduledPlanType: null } : {}),
        });
        emit({ type: 'customer.subscription.updated', object: subscriptionObject(updated) });
        return toGatewaySubscription(updated);
      });
    },

    async cancelNow(id) {
      await change(async (tx, emit) => {
        const sub = await subscriptionOrThrow(tx, id, true);
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
        const ended = await repo.updateSubscription(tx, sub.id, {
          status: sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
          cancellationReason: 'cancellation_requested',
          endedAt: new Date(),
        });
        emit({ type: 'customer.subscription.deleted', object: subscriptionObject(ended) });
      });
    },

    async retryOpenInvoice(id) {
      return change(async (tx, emit) => {
        const sub = await subscriptionOrThrow(tx, id, true);
        const intent =
          sub.status === 'past_due' && sub.openInvoiceId
            ? await repo.findOpenIntent(tx, sub.id, sub.openInvoiceId)
            : null;
        if (!intent) throw new GatewayError('bad_request', 'Nothing is owed on this plan');
        return chargeInvoice(tx, emit, sub, intent, new Date());
      });
    },

    async createSetupIntent(customerId) {
      const id = newId('seti');
      const clientSecret = newSecret(id);
      await repo.insertIntent(db, {
        id,
        kind: 'setup',
        clientSecret,
        customerId,
        status: 'requires_payment_method',
      });
      return { clientSecret };
    },

    async listCards(customerId) {
      const customer = await repo.findCustomer(db, customerId);
      return (await repo.listPaymentMethods(db, customerId)).map((pm) => ({
        id: pm.id,
        brand: pm.brand as GatewayCard['brand'],
        last4: pm.last4,
        expMonth: pm.expMonth,
        expYear: pm.expYear,
        isDefault: pm.id === customer?.defaultPaymentMethodId,
      }));
    },

    async setDefaultCard(customerId, cardId) {
      await db.transaction(async (tx) => {
        const card = await repo.findPaymentMethod(tx, cardId);
        if (!card || card.customerId !== customerId)
          throw new GatewayError('not_found', 'Card not found');
        await repo.setCustomerDefault(tx, customerId, cardId);
        await repo.setSubscriptionsDefault(tx, customerId, cardId);
      });
    },

    async deleteCustomer(customerId) {
      await repo.deleteCustomer(db, customerId);
    },

    async removeCard(customerId, cardId) {
      await db.transaction(async (tx) => {
        const card = await repo.findPaymentMethod(tx, cardId);
        if (!card || card.customerId !== customerId)
          throw new GatewayError('not_found', 'Card not found');
        await repo.attachPaymentMethod(tx, cardId, null);
        const customer = await repo.findCustomer(tx, customerId);
        if (customer?.defaultPaymentMethodId === cardId)
          await repo.setCustomerDefault(tx, customerId, null);
      });
    },

    async charge(input) {
      return change(async (tx, emit) => {
        const card = await repo.findPaymentMethod(tx, input.cardId);
        if (!card || card.customerId !== input.customerId)
          throw new GatewayError('not_found', 'Card not found');
        // As Stripe does with an Idempotency-Key: the same key answers the first charge again.
        const earlier = await repo.findIntentByIdempotencyKey(tx, input.idempotencyKey);
        if (earlier) return chargeAnswer(earlier, card);
        const destination = input.destination;
        if (destination)
          await connect.checkDestination(
            tx,
            destination.accountId,
            destination.applicationFeeCents,
            input.amountCents,
          );
        const outcome = chargeOutcome(card.behaviour as CardBehaviour, true);
        const id = newId('pi');
        const clientSecret = newSecret(id);
        const failure = typeof outcome === 'object' ? outcome : null;
        const intent = await repo.insertIntent(tx, {
          idempotencyKey: input.idempotencyKey,
          id,
          kind: 'payment',
          clientSecret,
          customerId: input.customerId,
          amountCents: input.amountCents,
          status:
            outcome === 'succeeded'
              ? 'succeeded'
              : outcome === 'requires_action'
                ? 'requires_action'
                : 'requires_payment_method',
          paymentMethodId: card.id,
          description: input.description,
          metadata: input.metadata,
          lastError: failure?.message ?? null,
          applicationFeeCents: destination?.applicationFeeCents ?? null,
          destinationAccountId: destination?.accountId ?? null,
        });
        if (outcome === 'succeeded') {
          emit({ type: 'payment_intent.succeeded', object: paymentIntentObject(intent, card) });
          await connect.paymentSucceeded(tx, emit, intent, card);
        }
        if (failure)
          emit({
            type: 'payment_intent.payment_failed',
            object: paymentIntentObject(intent, card),
          });
        return chargeAnswer(intent, card);
      });
    },

    async runDue(now) {
      for (;;) {
        const handled = await change(async (tx, emit) => {
          const due = await repo.claimDueSubscriptions(tx, now, 20);
          for (const sub of due) await advance(tx, emit, sub, now);
          return due.length;
        });
        if (handled < 20) break;
      }
      await connect.runPayouts(now);
      await flush();
    },

    createAccount: connect.createAccount,
    retrieveAccount: connect.retrieveAccount,
    accountLink: connect.accountLink,
    setPayoutSchedule: connect.setPayoutSchedule,
    balance: connect.balance,
    refund: connect.refund,
    reverseTransfer: connect.reverseTransfer,
    chargeFacts: connect.chargeFacts,
    onboardingView: connect.onboardingView,
    onboard: connect.onboard,
    closeDispute: connect.closeDispute,

    async advanceClock(days) {
      const now = await connect.advanceClock(days);
      await gateway.runDue(new Date());
      return now;
    },

    async confirm(userId, clientSecret, input) {
      return change(async (tx, emit) => {
        const intent = await openIntent(tx, userId, clientSecret);
        if (intent.status === 'succeeded') return succeeded;
        if (intent.status === 'requires_action')
          return { status: 'requires_action', message: null, code: null };
        const checked = checkCard(input);
        if ('failure' in checked) {
          await repo.updateIntent(tx, intent.id, { lastError: checked.failure.message });
          return { status: 'failed', message: checked.failure.message, code: checked.failure.code };
        }
        const card = checked.card;
        const cardId = newId('pm');
        await repo.insertPaymentMethod(tx, { id: cardId, customerId: null, ...card });
        const saved = (await repo.findPaymentMethod(tx, cardId))!;
        const outcome =
          intent.kind === 'setup'
            ? card.behaviour === 'declined'
              ? failures.declined
              : card.behaviour === 'authentication_required'
                ? 'requires_action'
                : 'succeeded'
            : chargeOutcome(card.behaviour, true);
        if (outcome === 'requires_action') {
          await repo.updateIntent(tx, intent.id, {
            status: 'requires_action',
            paymentMethodId: cardId,
          });
          return { status: 'requires_action', message: null, code: null };
        }
        if (outcome === 'succeeded') {
          await finishIntent(tx, emit, intent, saved);
          return succeeded;
        }
        await failIntent(tx, emit, intent, saved, outcome.message);
        return { status: 'failed', message: outcome.message, code: outcome.code };
      });
    },

    async authenticate(userId, clientSecret, approve) {
      return change(async (tx, emit) => {
        const intent = await openIntent(tx, userId, clientSecret);
        if (intent.status === 'succeeded') return succeeded;
        if (intent.status !== 'requires_action' || !intent.paymentMethodId)
          throw new GatewayError('bad_request', 'This payment is not waiting for authentication');
        const card = (await repo.findPaymentMethod(tx, intent.paymentMethodId))!;
        if (approve) {
          await finishIntent(tx, emit, intent, card);
          return succeeded;
        }
        await failIntent(tx, emit, intent, card, failures.authentication_failed.message);
        return { status: 'failed', ...failures.authentication_failed };
      });
    },

    flush,
  };
  return gateway;
}
