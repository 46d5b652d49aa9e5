import Stripe from 'stripe';
import { isDowngrade, plans, planTypes, type PlanType } from '../../../../core/billing/plans.ts';
import { refundSplit } from '../../../../core/billing/payouts.ts';
import { readAccount, readSubscription, toCardBrand } from '../billing-events.ts';
import { GatewayError, type ChargeResult, type PaymentGateway } from './gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Another API address (a local fake Stripe in tests). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Each plan's Stripe Price is found by this key, so every server of a deployment uses the same one. */
export const priceLookupKey = (plan: PlanType) => `truckfinder_${plan}_monthly`;

const FIRST_PAYMENT = 'latest_invoice.confirmation_secret';
const INVOICE_INTENTS = 'payments.data.payment.payment_intent';
const CARD_NOT_FOUND = 'Card not found';
const CHARGE_FEE = 'latest_charge.application_fee';
const CHARGE_TRANSFER = 'latest_charge.transfer';

function latestCharge(intent: Stripe.PaymentIntent): Stripe.Charge | null {
  const charge = intent.latest_charge;
  return charge && typeof charge === 'object' ? charge : null;
}

function applicationFee(charge: Stripe.Charge | null): Stripe.ApplicationFee | null {
  const fee = charge?.application_fee;
  return fee && typeof fee === 'object' ? fee : null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function usable(price: Stripe.Price, plan: PlanType): boolean {
  const product = price.product;
  return (
    price.active &&
    price.currency === 'usd' &&
    price.unit_amount === plans[plan].priceCents &&
    price.recurring?.interval === 'month' &&
    price.metadata.planType === plan &&
    (typeof product === 'string' || (!product.deleted && product.active))
  );
}

function firstPaymentSecret(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  return invoice && typeof invoice !== 'string'
    ? (invoice.confirmation_secret?.client_secret ?? null)
    : null;
}

function invoiceIntent(invoice: Stripe.Invoice): Stripe.PaymentIntent | null {
  const payments = invoice.payments?.data ?? [];
  const intent = (payments.find((p) => p.is_default) ?? payments[0])?.payment.payment_intent;
  return intent && typeof intent !== 'string' ? intent : null;
}

function chargeResult(intent: Stripe.PaymentIntent): ChargeResult {
  const pm = intent.payment_method;
  const card =
    pm && typeof pm !== 'string' && pm.card
      ? { brand: toCardBrand(pm.card.brand), last4: pm.card.last4 }
      : null;
  const result = { paymentIntentId: intent.id, card, clientSecret: null, message: null };
  if (intent.status === 'succeeded') return { ...result, status: 'succeeded' };
  if (intent.status === 'requires_action')
    return { ...result, status: 'requires_action', clientSecret: intent.client_secret };
  return {
    ...result,
    status: 'failed',
    message: intent.last_payment_error?.message ?? 'The payment did not go through',
  };
}

const declined = (error: Stripe.errors.StripeCardError): ChargeResult => ({
  status: 'failed',
  paymentIntentId: error.payment_intent?.id ?? '',
  clientSecret: null,
  card: null,
  message: error.message,
});

/** Stripe's refusals become GatewayErrors the page can show; outages and our own bugs stay errors. */
function refused(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError)
    throw new GatewayError('payment_failed', error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    throw new GatewayError(
      error.code === 'resource_missing' ? 'not_found' : 'bad_request',
      error.message,
    );
  throw error;
}

function withGatewayErrors(gateway: PaymentGateway): PaymentGateway {
  const wrapped: Record<string, unknown> = { ...gateway };
  for (const [name, value] of Object.entries(gateway))
    if (typeof value === 'function')
      wrapped[name] = (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>)(...args).catch(refused);
  return wrapped as unknown as PaymentGateway;
}

/** The real gateway: Stripe's API through the official SDK (docs/decisions/013). */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Truck Finder' },
  });

  let priceIds: Promise<Record<PlanType, string>> | null = null;

  /** The plan table's prices, found once per process; missing or stale ones are (re)created. */
  async function loadPrices(): Promise<Record<PlanType, string>> {
    const found = await stripe.prices.list({
      lookup_keys: planTypes.map(priceLookupKey),
      expand: ['data.product'],
      limit: 100,
    });
    const entries = await Promise.all(
      planTypes.map(async (plan) => {
        const existing = found.data.find((price) => price.lookup_key === priceLookupKey(plan));
        if (existing && usable(existing, plan)) return [plan, existing.id] as const;
        const created = await stripe.prices.create({
          currency: 'usd',
          unit_amount: plans[plan].priceCents,
          recurring: { interval: 'month' },
          lookup_key: priceLookupKey(plan),
          metadata: { planType: plan },
          product_data: { name: `Truck Finder ${plans[plan].name}` },
          ...(existing ? { transfer_lookup_key: true } : {}),
        });
        return [plan, created.id] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<PlanType, string>;
  }

  async function priceFor(plan: PlanType): Promise<string> {
    priceIds ??= loadPrices().catch((error: unknown) => {
      priceIds = null;
      throw error;
    });
    return (await priceIds)[plan];
  }

  async function ownCard(customerId: string, cardId: string): Promise<Stripe.PaymentMethod> {
    const pm = await stripe.paymentMethods.retrieve(cardId).catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new GatewayError('not_found', CARD_NOT_FOUND);
      throw error;
    });
    if (idOf(pm.customer) !== customerId) throw new GatewayError('not_found', CARD_NOT_FOUND);
    return pm;
  }

  /** Drops the subscription's schedule (a waiting downgrade); the subscription carries on as it is. */
  async function releaseSchedule(sub: Stripe.Subscription) {
    const scheduleId = idOf(sub.schedule);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
  }

  const gateway: PaymentGateway = {
    mode: 'stripe',
    publishableKey: options.publishableKey,
    webhookSecret: options.webhookSecret,

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    async deleteCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') throw error;
      }
    },

    async createSubscription({ customerId, planType, localId, idempotencyKey }) {
      const sub = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceFor(planType) }],
          payment_behavior: 'default_incomplete',
          payment_settings: {
            save_default_payment_method: 'on_subscription',
            payment_method_types: ['card'],
          },
          metadata: { localId, planType },
          expand: [FIRST_PAYMENT],
        },
        { idempotencyKey },
      );
      const clientSecret = firstPaymentSecret(sub);
      if (!clientSecret)
        throw new GatewayError('bad_request', 'Stripe did not ask for a first payment');
      return { ...readSubscription(sub), clientSecret };
    },

    async retrieveSubscription(id) {
      return readSubscription(await stripe.subscriptions.retrieve(id));
    },

    async pendingClientSecret(id) {
      const sub = await stripe.subscriptions.retrieve(id, { expand: [FIRST_PAYMENT] });
      return sub.status === 'incomplete' ? firstPaymentSecret(sub) : null;
    },

    async changePlan(id, planType) {
      const [sub, price] = await Promise.all([
        stripe.subscriptions.retrieve(id),
        priceFor(planType),
      ]);
      const item = sub.items.data[0];
      if (!item) throw new GatewayError('bad_request', 'This subscription has no plan to change');
      if (item.price.id === price) return readSubscription(sub);
      const current = readSubscription(sub).planType;
      if (isDowngrade(current, planType))
        throw new GatewayError(
          'bad_request',
          'A cheaper plan starts at the end of the paid period: schedule it instead',
        );
      await releaseSchedule(sub);
      const updated = await stripe.subscriptions.update(id, {
        items: [{ id: item.id, price }],
        proration_behavior: 'always_invoice',
        // A change whose prorated invoice cannot be paid now is refused (402) and not applied.
        payment_behavior: 'error_if_incomplete',
        metadata: { planType },
      });
      return { ...readSubscription(updated), scheduledPlanType: null };
    },

    async scheduleChange(id, planType) {
      const sub = await stripe.subscriptions.retrieve(id);
      const item = sub.items.data[0];
      if (!item) throw new GatewayError('bad_request', 'This subscription has no plan to change');
      const current = readSubscription(sub);
      if (planType === null) {
        await releaseSchedule(sub);
        return { ...current, scheduledPlanType: null };
      }
      if (!isDowngrade(current.planType, planType))
        throw new GatewayError('bad_request', 'Only a cheaper plan waits for the next period');
      const scheduleId = idOf(sub.schedule);
      const schedule = scheduleId
        ? await stripe.subscriptionSchedules.retrieve(scheduleId)
        : await stripe.subscriptionSchedules.create({ from_subscription: id });
      const phase = schedule.current_phase ?? schedule.phases[0];
      if (!phase) throw new GatewayError('bad_request', 'This subscription has no paid period');
      // This period stays as paid; the cheaper price starts with the next one, nothing prorated.
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: phase.start_date,
            end_date: phase.end_date,
            proration_behavior: 'none',
          },
          {
            items: [{ price: await priceFor(planType), quantity: 1 }],
            duration: { interval: 'month', interval_count: 1 },
            proration_behavior: 'none',
            metadata: { planType },
          },
        ],
        metadata: { localId: current.localId ?? '', scheduledPlanType: planType },
      });
      return { ...current, scheduledPlanType: planType };
    },

    async setCancelAtPeriodEnd(id, cancel) {
      // A subscription ending at its period's end has no next period for a scheduled change.
      if (cancel) await releaseSchedule(await stripe.subscriptions.retrieve(id));
      const updated = await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
      return { ...readSubscription(updated), ...(cancel ? { scheduledPlanType: null } : {}) };
    },

    async cancelNow(id) {
      const sub = await stripe.subscriptions.retrieve(id);
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(id);
    },

    async retryOpenInvoice(id) {
      const sub = await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] });
      const invoice = sub.latest_invoice;
      if (!invoice || typeof invoice === 'string' || invoice.status !== 'open')
        throw new GatewayError('bad_request', 'Nothing is owed on this plan');
      try {
        const paid = await stripe.invoices.pay(invoice.id, { expand: [INVOICE_INTENTS] });
        return {
          status: 'succeeded',
          paymentIntentId: invoiceIntent(paid)?.id ?? '',
          clientSecret: null,
          card: null,
          message: null,
        };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        // Stripe refuses a payment that needs authentication as a card error; its intent has the secret.
        const intent =
          error.payment_intent ??
          invoiceIntent(await stripe.invoices.retrieve(invoice.id, { expand: [INVOICE_INTENTS] }));
        return intent?.status === 'requires_action' ? chargeResult(intent) : declined(error);
      }
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new GatewayError('bad_request', 'Cards cannot be saved now');
      return { clientSecret: intent.client_secret };
    },

    async listCards(customerId) {
      const [methods, customer] = await Promise.all([
        stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        stripe.customers.retrieve(customerId),
      ]);
      const defaultId = customer.deleted
        ? null
        : idOf(customer.invoice_settings.default_payment_method);
      return methods.data.flatMap((pm) =>
        pm.card
          ? [
              {
                id: pm.id,
                brand: toCardBrand(pm.card.brand),
                last4: pm.card.last4,
                expMonth: pm.card.exp_month,
                expYear: pm.card.exp_year,
                isDefault: pm.id === defaultId,
              },
            ]
          : [],
      );
    },

    async setDefaultCard(customerId, cardId) {
      await ownCard(customerId, cardId);
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: cardId },
      });
      // Subscriptions save their first card as their own default, which wins over the customer's.
      const lists = await Promise.all(
        (['active', 'past_due'] as const).map((status) =>
          stripe.subscriptions.list({ customer: customerId, status, limit: 100 }),
        ),
      );
      await Promise.all(
        lists
          .flatMap((list) => list.data)
          .map((sub) => stripe.subscriptions.update(sub.id, { default_payment_method: cardId })),
      );
    },

    async removeCard(customerId, cardId) {
      await ownCard(customerId, cardId);
      await stripe.paymentMethods.detach(cardId);
    },

    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.cardId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            expand: ['payment_method'],
            ...(input.destination
              ? {
                  application_fee_amount: input.destination.applicationFeeCents,
                  transfer_data: { destination: input.destination.accountId },
                }
              : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return chargeResult(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return declined(error);
        throw error;
      }
    },

    async createAccount({ providerId, ownerUserId, email, businessName }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email,
          business_profile: { name: businessName },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { providerId, userId: ownerUserId },
        },
        { idempotencyKey: `payout-account:${providerId}` },
      );
      return readAccount(account);
    },

    async retrieveAccount(accountId) {
      return readAccount(await stripe.accounts.retrieve(accountId));
    },

    async accountLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async setPayoutSchedule(accountId, schedule) {
      const account = await stripe.accounts.update(accountId, {
        settings: {
          payouts: {
            schedule:
              schedule === 'weekly'
                ? { interval: 'weekly', weekly_anchor: 'monday' }
                : { interval: 'daily' },
          },
        },
      });
      return readAccount(account);
    },

    async balance(accountId) {
      const balance = await stripe.balance.retrieve({}, { stripeAccount: accountId });
      const usd = (funds: { amount: number; currency: string }[]) =>
        funds.filter((f) => f.currency === 'usd').reduce((sum, f) => sum + f.amount, 0);
      return { pendingCents: usd(balance.pending), availableCents: usd(balance.available) };
    },

    async refund(input) {
      // The fee given back and the share taken back from the provider are core `refundSplit` over
      // the charge's amounts before this refund (a destination charge's transfer is the whole
      // amount, so the provider's part is what is not the fee). The split rides in the refund's
      // metadata: a retried request replays the first refund and answers the first split.
      const intent = await stripe.paymentIntents.retrieve(input.paymentIntentId, {
        expand: [CHARGE_FEE],
      });
      const charge = latestCharge(intent);
      const fee = applicationFee(charge);
      const split =
        charge && intent.transfer_data?.destination
          ? refundSplit({
              refundCents: input.amountCents,
              totalCents: charge.amount,
              feeCents: fee?.amount ?? intent.application_fee_amount ?? 0,
              refundedBeforeCents: charge.amount_refunded,
              feeRefundedBeforeCents: fee?.amount_refunded ?? 0,
              reversedBeforeCents: charge.amount_refunded - (fee?.amount_refunded ?? 0),
            })
          : { feeRefundCents: 0, reversalCents: 0 };
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountCents,
          reason: 'requested_by_customer',
          refund_application_fee: true,
          reverse_transfer: true,
          metadata: {
            ...input.metadata,
            feeRefundCents: String(split.feeRefundCents),
            reversalCents: String(split.reversalCents),
          },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const status =
        refund.status === 'succeeded' || refund.status === 'pending' ? refund.status : 'failed';
      return {
        id: refund.id,
        paymentIntentId: input.paymentIntentId,
        amountCents: refund.amount,
        feeRefundCents: Number(refund.metadata?.feeRefundCents ?? split.feeRefundCents),
        reversalCents: Number(refund.metadata?.reversalCents ?? split.reversalCents),
        status,
      };
    },

    async reverseTransfer(input) {
      const intent = await stripe.paymentIntents.retrieve(input.paymentIntentId, {
        expand: [CHARGE_TRANSFER],
      });
      const transfer = latestCharge(intent)?.transfer;
      const transferId = typeof transfer === 'string' ? transfer : transfer?.id;
      if (!transferId)
        throw new GatewayError('not_found', 'This payment was not transferred to a provider');
      const reversal = await stripe.transfers.createReversal(
        transferId,
        { amount: input.amountCents, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: reversal.id, amountCents: reversal.amount };
    },

    async chargeFacts(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
        expand: [CHARGE_FEE, CHARGE_TRANSFER],
      });
      const charge = latestCharge(intent);
      const fee = applicationFee(charge);
      const transfer = charge && typeof charge.transfer === 'object' ? charge.transfer : null;
      const charged = charge?.status === 'succeeded' ? charge.amount_captured : 0;
      const feeCents = fee?.amount ?? (charged ? (intent.application_fee_amount ?? 0) : 0);
      const feeRefunded = fee?.amount_refunded ?? 0;
      let disputed = 0;
      if (charge?.disputed) {
        const disputes = await stripe.disputes.list({
          payment_intent: paymentIntentId,
          limit: 100,
        });
        // A won dispute gives the money back; an open or lost one holds it.
        disputed = disputes.data
          .filter((d) => d.status !== 'won')
          .reduce((sum, d) => sum + d.amount, 0);
      }
      return {
        paymentIntentId,
        chargedCents: charged,
        refundedCents: charge?.amount_refunded ?? 0,
        applicationFeeCents: feeCents,
        feeRefundedCents: feeRefunded,
        // The transfer of a destination charge is the whole amount; the fee comes back from it.
        transferredCents: transfer ? transfer.amount - feeCents : 0,
        reversedCents: transfer ? transfer.amount_reversed - feeRefunded : 0,
        disputedCents: disputed,
      };
    },

    async runDue() {
      // Stripe renews subscriptions itself and reports them by webhook.
    },
  };

  return withGatewayErrors(gateway);
}
