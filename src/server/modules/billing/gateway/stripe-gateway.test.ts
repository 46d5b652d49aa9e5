import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, stripeError, type FakeStripe } from '../../../test/fake-stripe.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import { createStripeGateway, priceLookupKey } from './stripe-gateway.ts';

type Obj = Record<string, unknown>;

const SECRET_KEY = 'sk_test_truckfinder';
const WEBHOOK_SECRET = 'whsec_truckfinder_test';

let fake: FakeStripe;
let gateway: PaymentGateway;

const newGateway = () =>
  createStripeGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    publishableKey: 'pk_test_truckfinder',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });

beforeEach(async () => {
  fake = await startFakeStripe();
  gateway = newGateway();
});

afterEach(async () => {
  await fake.close();
});

const sent = (method: string, path: RegExp) =>
  fake.requests.filter((r) => r.method === method && path.test(r.path));

const only = (method: string, path: RegExp) => {
  const matching = sent(method, path);
  expect(matching, `${method} ${path}`).toHaveLength(1);
  return matching[0]!;
};

const refusal = (status: GatewayError['status'], message?: string) =>
  expect.objectContaining({
    name: 'GatewayError',
    status,
    ...(message ? { message } : {}),
  }) as unknown;

async function customerWithCard(userId = 'user-1') {
  const customerId = await gateway.createCustomer({
    userId,
    email: `${userId}@example.com`,
    name: 'Pat Driver',
  });
  return { customerId, cardId: fake.addCard(customerId) };
}

async function subscription(customerId: string, status = 'active', localId = 'local-1') {
  const created = await gateway.createSubscription({
    customerId,
    planType: 'basic',
    localId,
    idempotencyKey: `subscription-${localId}`,
  });
  fake.store.get(created.id)!.status = status;
  return created;
}

describe('the Stripe gateway', () => {
  it('says what it is and leaves renewals to Stripe', async () => {
    expect(gateway.mode).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_truckfinder');
    expect(gateway.webhookSecret).toBe(WEBHOOK_SECRET);
    await gateway.runDue(new Date());
    expect(fake.requests).toHaveLength(0);
  });

  it('creates a customer once per user, with the secret key', async () => {
    const input = { userId: 'user-1', email: 'pat@example.com', name: 'Pat Driver' };
    const first = await gateway.createCustomer(input);
    const again = await gateway.createCustomer(input);

    expect(again).toBe(first);
    const requests = sent('POST', /^\/v1\/customers$/);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(request.idempotencyKey).toBe('customer-user-1');
      expect(request.body).toEqual({
        email: 'pat@example.com',
        name: 'Pat Driver',
        metadata: { userId: 'user-1' },
      });
    }
  });

  it('deletes a customer, and takes one already gone as deleted', async () => {
    const customerId = await gateway.createCustomer({
      userId: 'user-2',
      email: 'sam@example.com',
      name: 'Sam Driver',
    });
    await gateway.deleteCustomer(customerId);
    only('DELETE', new RegExp(`^/v1/customers/${customerId}$`));
    await expect(gateway.deleteCustomer(customerId)).resolves.toBeUndefined();
    expect(sent('DELETE', /^\/v1\/customers\//)).toHaveLength(2);
  });
});

describe('plans and prices', () => {
  it('creates an incomplete subscription that waits for its first payment', async () => {
    const { customerId } = await customerWithCard();
    const created = await gateway.createSubscription({
      customerId,
      planType: 'premium',
      localId: 'local-7',
      idempotencyKey: 'subscription-local-7',
    });

    const request = only('POST', /^\/v1\/subscriptions$/);
    expect(request.idempotencyKey).toBe('subscription-local-7');
    expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const premium = [...fake.store.values()].find(
      (o) => o.lookup_key === priceLookupKey('premium'),
    )!;
    expect(request.body).toEqual({
      customer: customerId,
      items: [{ price: premium.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: {
        save_default_payment_method: 'on_subscription',
        payment_method_types: ['card'],
      },
      metadata: { localId: 'local-7', planType: 'premium' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(created).toMatchObject({
      customerId,
      planType: 'premium',
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      localId: 'local-7',
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    expect(created.currentPeriodEnd.getTime()).toBeGreaterThan(
      created.currentPeriodStart.getTime(),
    );
  });

  it('looks prices up by lookup key and creates the missing ones once per process', async () => {
    const { customerId } = await customerWithCard();
    await subscription(customerId, 'incomplete', 'a');
    await subscription(customerId, 'incomplete', 'b');

    const lookup = only('GET', /^\/v1\/prices$/);
    expect(lookup.body).toEqual({
      lookup_keys: [
        'truckfinder_basic_monthly',
        'truckfinder_premium_monthly',
        'truckfinder_enterprise_monthly',
      ],
      expand: ['data.product'],
      limit: '100',
    });
    const created = sent('POST', /^\/v1\/prices$/).map((r) => r.body);
    expect(created).toHaveLength(3);
    expect(created).toContainEqual({
      currency: 'usd',
      unit_amount: '7999',
      recurring: { interval: 'month' },
      lookup_key: 'truckfinder_premium_monthly',
      metadata: { planType: 'premium' },
      product_data: { name: 'Truck Finder Premium' },
    });
    expect(created.map((b) => b.unit_amount).sort()).toEqual(['19999', '2999', '7999']);

    // Another server process finds them and creates nothing.
    const other = newGateway();
    await other.createSubscription({
      customerId,
      planType: 'enterprise',
      localId: 'c',
      idempotencyKey: 'subscription-c',
    });
    expect(sent('GET', /^\/v1\/prices$/)).toHaveLength(2);
    expect(sent('POST', /^\/v1\/prices$/)).toHaveLength(3);
  });

  it('replaces a price whose amount is not the plan table’s, moving its lookup key', async () => {
    const { customerId } = await customerWithCard();
    await subscription(customerId, 'incomplete', 'a');
    const stale = [...fake.store.values()].find((o) => o.lookup_key === priceLookupKey('basic'))!;
    stale.unit_amount = 1999;

    const other = newGateway();
    const created = await other.createSubscription({
      customerId,
      planType: 'basic',
      localId: 'b',
      idempotencyKey: 'subscription-b',
    });

    const replacements = sent('POST', /^\/v1\/prices$/).slice(3);
    expect(replacements).toHaveLength(1);
    expect(replacements[0]!.body).toMatchObject({
      unit_amount: '2999',
      lookup_key: 'truckfinder_basic_monthly',
      transfer_lookup_key: 'true',
    });
    const used = sent('POST', /^\/v1\/subscriptions$/).at(-1)!.body as {
      items: { price: string }[];
    };
    expect(used.items[0]!.price).not.toBe(stale.id);
    expect(stale.lookup_key).toBeNull();
    expect(created.planType).toBe('basic');
  });

  it('lets an outage through and asks again next time instead of caching it', async () => {
    const { customerId } = await customerWithCard();
    let down = true;
    fake.respond('GET', /^\/v1\/prices$/, () =>
      down
        ? stripeError(500, 'api_error', 'Stripe is down')
        : { body: { object: 'list', data: [] } },
    );
    const start = () =>
      gateway.createSubscription({
        customerId,
        planType: 'basic',
        localId: 'x',
        idempotencyKey: 'subscription-x',
      });

    await expect(start()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    down = false;
    await expect(start()).resolves.toMatchObject({ planType: 'basic' });
    expect(sent('GET', /^\/v1\/prices$/)).toHaveLength(2);
  });

  it('gives the pending payment’s secret only while the subscription is incomplete', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId, 'incomplete');

    expect(await gateway.pendingClientSecret(created.id)).toBe(created.clientSecret);
    expect(sent('GET', /^\/v1\/subscriptions\//).at(-1)!.body).toEqual({
      expand: ['latest_invoice.confirmation_secret'],
    });
    fake.store.get(created.id)!.status = 'active';
    expect(await gateway.pendingClientSecret(created.id)).toBeNull();
  });

  it('reads a subscription, and answers an unknown one as not found', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId, 'past_due');

    expect(await gateway.retrieveSubscription(created.id)).toMatchObject({
      id: created.id,
      customerId,
      planType: 'basic',
      status: 'past_due',
      localId: 'local-1',
    });
    await expect(gateway.retrieveSubscription('sub_missing')).rejects.toEqual(refusal('not_found'));
  });

  it('changes plans with an immediate prorated invoice, refused if it cannot be paid', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId);
    const item = (fake.store.get(created.id)!.items as { data: { id: string }[] }).data[0]!;

    const changed = await gateway.changePlan(created.id, 'premium');

    const update = only('POST', /^\/v1\/subscriptions\/sub_/);
    const premium = [...fake.store.values()].find(
      (o) => o.lookup_key === priceLookupKey('premium'),
    )!;
    expect(update.body).toEqual({
      items: [{ id: item.id, price: premium.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { planType: 'premium' },
    });
    expect(changed).toMatchObject({ id: created.id, planType: 'premium', status: 'active' });

    await gateway.changePlan(created.id, 'premium');
    expect(sent('POST', /^\/v1\/subscriptions\/sub_/)).toHaveLength(1);

    fake.respond('POST', /^\/v1\/subscriptions\/sub_/, () =>
      stripeError(402, 'card_error', 'Your card has insufficient funds.', {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      }),
    );
    await expect(gateway.changePlan(created.id, 'enterprise')).rejects.toEqual(
      refusal('payment_failed', 'Your card has insufficient funds.'),
    );
  });

  it('schedules a downgrade for the end of the paid period: nothing prorated, nothing refunded', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId);
    await gateway.changePlan(created.id, 'enterprise');
    const before = fake.requests.length;
    const price = (plan: string) =>
      [...fake.store.values()].find((o) => o.lookup_key === priceLookupKey(plan as 'basic'))!.id;
    const item = (fake.store.get(created.id)!.items as { data: Obj[] }).data[0]!;

    const scheduled = await gateway.scheduleChange(created.id, 'premium');

    expect(scheduled).toMatchObject({
      id: created.id,
      planType: 'enterprise',
      scheduledPlanType: 'premium',
    });
    const made = only('POST', /^\/v1\/subscription_schedules$/);
    expect(made.body).toEqual({ from_subscription: created.id });
    const phases = only('POST', /^\/v1\/subscription_schedules\/sub_sched_[^/]+$/);
    expect(phases.body).toEqual({
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        {
          items: [{ price: price('enterprise'), quantity: '1' }],
          start_date: String(item.current_period_start),
          end_date: String(item.current_period_end),
          proration_behavior: 'none',
        },
        {
          items: [{ price: price('premium'), quantity: '1' }],
          duration: { interval: 'month', interval_count: '1' },
          proration_behavior: 'none',
          metadata: { planType: 'premium' },
        },
      ],
      metadata: { localId: 'local-1', scheduledPlanType: 'premium' },
    });
    // The subscription itself is not touched now: no price change, no invoice, no credit.
    const after = fake.requests.slice(before);
    expect(
      after.filter((r) => r.method === 'POST' && /^\/v1\/(subscriptions|invoices)/.test(r.path)),
    ).toEqual([]);
    expect((fake.store.get(created.id)!.items as { data: Obj[] }).data[0]!.price).toMatchObject({
      id: price('enterprise'),
    });

    // Another cheaper plan reuses the schedule; the current plan again releases it.
    await gateway.scheduleChange(created.id, 'basic');
    expect(sent('POST', /^\/v1\/subscription_schedules$/)).toHaveLength(1);
    const dropped = await gateway.scheduleChange(created.id, null);
    expect(dropped).toMatchObject({ planType: 'enterprise', scheduledPlanType: null });
    expect(sent('POST', /^\/v1\/subscription_schedules\/[^/]+\/release$/)).toHaveLength(1);
    expect(fake.store.get(created.id)!.schedule).toBeNull();
  });

  it('refuses a downgrade asked as an immediate change, and a dearer plan as a scheduled one', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId);
    await gateway.changePlan(created.id, 'premium');
    const before = fake.requests.filter((r) => r.method === 'POST').length;
    await expect(gateway.changePlan(created.id, 'basic')).rejects.toEqual(refusal('bad_request'));
    await expect(gateway.scheduleChange(created.id, 'enterprise')).rejects.toEqual(
      refusal('bad_request'),
    );
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(before);
  });

  it('an upgrade or a cancellation releases a waiting downgrade first', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId);
    await gateway.changePlan(created.id, 'premium');
    await gateway.scheduleChange(created.id, 'basic');
    // A subscription with a schedule says so, but not what the schedule holds.
    expect(await gateway.retrieveSubscription(created.id)).toMatchObject({
      scheduledPlanType: undefined,
    });

    const upgraded = await gateway.changePlan(created.id, 'enterprise');
    expect(upgraded).toMatchObject({ planType: 'enterprise', scheduledPlanType: null });
    const order = fake.requests
      .filter((r) => r.method === 'POST')
      .map((r) => r.path.replace(/_fake_\d+/g, ''));
    expect(order.slice(-2)).toEqual([
      '/v1/subscription_schedules/sub_sched/release',
      '/v1/subscriptions/sub',
    ]);

    await gateway.scheduleChange(created.id, 'premium');
    const cancelled = await gateway.setCancelAtPeriodEnd(created.id, true);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, scheduledPlanType: null });
    expect(sent('POST', /^\/v1\/subscription_schedules\/[^/]+\/release$/)).toHaveLength(2);
    expect(await gateway.retrieveSubscription(created.id)).toMatchObject({
      scheduledPlanType: null,
    });
  });

  it('cancels at the end of the period, and resumes', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId);

    expect(await gateway.setCancelAtPeriodEnd(created.id, true)).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'active',
    });
    expect(await gateway.setCancelAtPeriodEnd(created.id, false)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    expect(sent('POST', /^\/v1\/subscriptions\/sub_/).map((r) => r.body)).toEqual([
      { cancel_at_period_end: 'true' },
      { cancel_at_period_end: 'false' },
    ]);
  });

  it('ends an unpaid subscription now, once', async () => {
    const { customerId } = await customerWithCard();
    const created = await subscription(customerId, 'incomplete');

    await gateway.cancelNow(created.id);
    await gateway.cancelNow(created.id);

    expect(sent('DELETE', /^\/v1\/subscriptions\/sub_/)).toHaveLength(1);
    expect(fake.store.get(created.id)!.status).toBe('canceled');
  });
});

describe('retrying a past-due invoice', () => {
  async function pastDue() {
    const { customerId, cardId } = await customerWithCard();
    await gateway.setDefaultCard(customerId, cardId);
    const created = await subscription(customerId, 'past_due');
    const invoiceId = fake.store.get(created.id)!.latest_invoice as string;
    return { created, invoiceId };
  }

  it('pays the open invoice', async () => {
    const { created, invoiceId } = await pastDue();

    const result = await gateway.retryOpenInvoice(created.id);

    const pay = only('POST', /^\/v1\/invoices\/.+\/pay$/);
    expect(pay.path).toBe(`/v1/invoices/${invoiceId}/pay`);
    expect(pay.body).toEqual({ expand: ['payments.data.payment.payment_intent'] });
    expect(result).toMatchObject({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: null,
      message: null,
    });
    expect(fake.store.get(result.paymentIntentId)!.status).toBe('succeeded');
    expect(fake.store.get(created.id)!.status).toBe('active');
  });

  it('hands back the secret when the bank asks the cardholder to authenticate', async () => {
    const { created } = await pastDue();
    const intent = [...fake.store.values()].find(
      (o) => o.object === 'payment_intent' && o.customer === created.customerId,
    )!;
    fake.respond('POST', /^\/v1\/invoices\/.+\/pay$/, () => {
      intent.status = 'requires_action';
      return stripeError(402, 'card_error', 'This payment requires additional user action.', {
        code: 'invoice_payment_intent_requires_action',
      });
    });

    expect(await gateway.retryOpenInvoice(created.id)).toEqual({
      status: 'requires_action',
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret,
      card: null,
      message: null,
    });
  });

  it('reports a declined card as a failed charge', async () => {
    const { created } = await pastDue();
    fake.respond('POST', /^\/v1\/invoices\/.+\/pay$/, () =>
      stripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: {
          id: 'pi_declined',
          object: 'payment_intent',
          status: 'requires_payment_method',
        },
      }),
    );

    expect(await gateway.retryOpenInvoice(created.id)).toEqual({
      status: 'failed',
      paymentIntentId: 'pi_declined',
      clientSecret: null,
      card: null,
      message: 'Your card was declined.',
    });
  });

  it('refuses when nothing is owed', async () => {
    const { created } = await pastDue();
    await gateway.retryOpenInvoice(created.id);

    await expect(gateway.retryOpenInvoice(created.id)).rejects.toEqual(
      refusal('bad_request', 'Nothing is owed on this plan'),
    );
    expect(sent('POST', /\/pay$/)).toHaveLength(1);
  });
});

describe('saved cards', () => {
  it('creates a setup intent for the page to save a card', async () => {
    const { customerId } = await customerWithCard();

    const { clientSecret } = await gateway.createSetupIntent(customerId);

    expect(clientSecret).toMatch(/^seti_.+_secret_/);
    expect(only('POST', /^\/v1\/setup_intents$/).body).toEqual({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
  });

  it('lists the customer’s cards and marks the default one', async () => {
    const { customerId, cardId } = await customerWithCard();
    const second = fake.addCard(customerId, { brand: 'mastercard', last4: '4444' });
    await gateway.setDefaultCard(customerId, second);

    const cards = await gateway.listCards(customerId);

    expect(cards).toEqual([
      {
        id: cardId,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: expect.any(Number),
        isDefault: false,
      },
      {
        id: second,
        brand: 'mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: expect.any(Number),
        isDefault: true,
      },
    ]);
    expect(sent('GET', /\/payment_methods$/).at(-1)!.body).toEqual({
      type: 'card',
      limit: '100',
    });
  });

  it('makes a card the default of the customer and of its running subscriptions', async () => {
    const { customerId, cardId } = await customerWithCard();
    const active = await subscription(customerId, 'active', 'a');
    const pastDue = await subscription(customerId, 'past_due', 'b');
    const ended = await subscription(customerId, 'canceled', 'c');

    await gateway.setDefaultCard(customerId, cardId);

    expect(only('POST', /^\/v1\/customers\/cus_/).body).toEqual({
      invoice_settings: { default_payment_method: cardId },
    });
    const updates = sent('POST', /^\/v1\/subscriptions\/sub_/);
    expect(updates.map((r) => r.path).sort()).toEqual(
      [`/v1/subscriptions/${active.id}`, `/v1/subscriptions/${pastDue.id}`].sort(),
    );
    for (const update of updates) expect(update.body).toEqual({ default_payment_method: cardId });
    expect(fake.store.get(ended.id)!.default_payment_method).toBeNull();
  });

  it('refuses another customer’s card without touching it', async () => {
    const { customerId } = await customerWithCard('user-1');
    const { cardId: theirs } = await customerWithCard('user-2');

    await expect(gateway.removeCard(customerId, theirs)).rejects.toEqual(
      refusal('not_found', 'Card not found'),
    );
    await expect(gateway.setDefaultCard(customerId, theirs)).rejects.toEqual(
      refusal('not_found', 'Card not found'),
    );
    await expect(gateway.removeCard(customerId, 'pm_missing')).rejects.toEqual(
      refusal('not_found', 'Card not found'),
    );
    expect(sent('POST', /\/detach$/)).toHaveLength(0);
    expect(sent('POST', /^\/v1\/customers\/cus_/)).toHaveLength(0);
    expect(fake.store.get(theirs)!.customer).not.toBeNull();
  });

  it('removes the customer’s own card', async () => {
    const { customerId, cardId } = await customerWithCard();

    await gateway.removeCard(customerId, cardId);

    expect(only('POST', /\/detach$/).path).toBe(`/v1/payment_methods/${cardId}/detach`);
    expect(await gateway.listCards(customerId)).toEqual([]);
  });
});

describe('charging a saved card', () => {
  const input = (customerId: string, cardId: string) => ({
    customerId,
    cardId,
    amountCents: 12550,
    description: 'Truck Finder job',
    metadata: { purpose: 'booking', bookingId: 'booking-1' },
    idempotencyKey: 'booking-booking-1-attempt',
  });

  it('charges and says which card paid', async () => {
    const { customerId, cardId } = await customerWithCard();

    const result = await gateway.charge(input(customerId, cardId));

    const request = only('POST', /^\/v1\/payment_intents$/);
    expect(request.idempotencyKey).toBe('booking-booking-1-attempt');
    expect(request.body).toEqual({
      amount: '12550',
      currency: 'usd',
      customer: customerId,
      payment_method: cardId,
      allowed_payment_method_types: ['card'],
      confirm: 'true',
      description: 'Truck Finder job',
      metadata: { purpose: 'booking', bookingId: 'booking-1' },
      expand: ['payment_method'],
    });
    expect(result).toEqual({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: null,
      card: { brand: 'visa', last4: '4242' },
      message: null,
    });
  });

  it('hands back the secret of a charge that needs authentication', async () => {
    const { customerId, cardId } = await customerWithCard();
    fake.respond('POST', /^\/v1\/payment_intents$/, () => ({
      body: {
        id: 'pi_3ds',
        object: 'payment_intent',
        status: 'requires_action',
        client_secret: 'pi_3ds_secret_abc',
        payment_method: fake.store.get(cardId),
        last_payment_error: null,
      },
    }));

    expect(await gateway.charge(input(customerId, cardId))).toEqual({
      status: 'requires_action',
      paymentIntentId: 'pi_3ds',
      clientSecret: 'pi_3ds_secret_abc',
      card: { brand: 'visa', last4: '4242' },
      message: null,
    });
  });

  it('reports a declined card as a failed charge with Stripe’s message', async () => {
    const { customerId, cardId } = await customerWithCard();
    fake.respond('POST', /^\/v1\/payment_intents$/, () =>
      stripeError(402, 'card_error', 'Your card has insufficient funds.', {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        payment_intent: { id: 'pi_declined', object: 'payment_intent' },
      }),
    );

    expect(await gateway.charge(input(customerId, cardId))).toEqual({
      status: 'failed',
      paymentIntentId: 'pi_declined',
      clientSecret: null,
      card: null,
      message: 'Your card has insufficient funds.',
    });
  });

  it('turns an invalid request into a refusal and lets connection failures through', async () => {
    const { customerId, cardId } = await customerWithCard();
    fake.respond('POST', /^\/v1\/payment_intents$/, () =>
      stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', {
        code: 'amount_too_small',
        param: 'amount',
      }),
    );
    await expect(gateway.charge(input(customerId, cardId))).rejects.toEqual(
      refusal('bad_request', 'Amount must be at least $0.50 usd'),
    );

    await fake.close();
    const error = await gateway.charge(input(customerId, cardId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(error).not.toBeInstanceOf(GatewayError);
    fake = await startFakeStripe(); // for afterEach
  });
});

describe('webhooks signed with this gateway’s secret', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'customer.subscription.updated',
    data: { object: { id: 'sub_1', object: 'subscription' } },
  });

  it('are verified by the SDK', () => {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: gateway.webhookSecret,
    });
    const event = Stripe.webhooks.constructEvent(payload, header, gateway.webhookSecret);
    expect(event).toMatchObject({ id: 'evt_1', type: 'customer.subscription.updated' });
  });

  it('are refused when signed with another secret or more than 300 s ago', () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => Stripe.webhooks.constructEvent(payload, forged, gateway.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: gateway.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(() => Stripe.webhooks.constructEvent(payload, stale, gateway.webhookSecret)).toThrow(
      /tolerance/i,
    );
  });
});

describe('Stripe Connect: payout accounts', () => {
  const newAccount = () =>
    gateway.createAccount({
      providerId: 'provider-1',
      ownerUserId: 'user-9',
      email: 'shop@example.com',
      businessName: 'Rosen Diesel',
    });

  it('creates an Express account once per provider, asking for card payments and transfers', async () => {
    const account = await newAccount();

    const request = only('POST', /^\/v1\/accounts$/);
    expect(request.idempotencyKey).toBe('payout-account:provider-1');
    expect(request.body).toEqual({
      type: 'express',
      country: 'US',
      email: 'shop@example.com',
      business_profile: { name: 'Rosen Diesel' },
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      metadata: { providerId: 'provider-1', userId: 'user-9' },
    });
    expect(account).toMatchObject({
      id: expect.stringMatching(/^acct_/),
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      disabledReason: 'requirements.past_due',
      schedule: 'daily',
      bankLast4: null,
      providerId: 'provider-1',
    });
    expect(account.currentlyDue).toContain('external_account');
    expect((await newAccount()).id).toBe(account.id);
  });

  it('reads an account with its bank and schedule', async () => {
    const { id } = await newAccount();
    Object.assign(fake.store.get(id)!, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
      external_accounts: {
        object: 'list',
        data: [{ id: 'ba_1', object: 'bank_account', last4: '6789' }],
      },
    });
    expect(await gateway.retrieveAccount(id)).toEqual({
      id,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      currentlyDue: [],
      disabledReason: null,
      schedule: 'daily',
      bankLast4: '6789',
      providerId: 'provider-1',
    });
    await expect(gateway.retrieveAccount('acct_missing')).rejects.toEqual(refusal('not_found'));
  });

  it('links to account onboarding with the return and refresh addresses', async () => {
    const { id } = await newAccount();
    const url = await gateway.accountLink(id, {
      returnUrl: 'https://trucks.example/profile?tab=business&payouts=done',
      refreshUrl: 'https://trucks.example/profile?tab=business&payouts=refresh',
    });
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(only('POST', /^\/v1\/account_links$/).body).toEqual({
      account: id,
      type: 'account_onboarding',
      return_url: 'https://trucks.example/profile?tab=business&payouts=done',
      refresh_url: 'https://trucks.example/profile?tab=business&payouts=refresh',
    });
  });

  it('sets a weekly schedule on Mondays, and daily again', async () => {
    const { id } = await newAccount();
    expect((await gateway.setPayoutSchedule(id, 'weekly')).schedule).toBe('weekly');
    expect((await gateway.setPayoutSchedule(id, 'daily')).schedule).toBe('daily');
    const [weekly, daily] = sent('POST', new RegExp(`^/v1/accounts/${id}$`));
    expect(weekly!.body).toEqual({
      settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'monday' } } },
    });
    expect(daily!.body).toEqual({ settings: { payouts: { schedule: { interval: 'daily' } } } });
  });

  it("reads the connected account's balance on its behalf (Stripe-Account header)", async () => {
    fake.respond('GET', /^\/v1\/balance$/, () => ({
      body: {
        object: 'balance',
        available: [
          { amount: 5000, currency: 'usd' },
          { amount: 700, currency: 'cad' },
        ],
        pending: [{ amount: 1200, currency: 'usd' }],
      },
    }));
    expect(await gateway.balance('acct_shop')).toEqual({
      pendingCents: 1200,
      availableCents: 5000,
    });
    expect(only('GET', /^\/v1\/balance$/).stripeAccount).toBe('acct_shop');
  });
});

describe('Stripe Connect: destination charges and refunds', () => {
  async function destinationCharge(totalCents = 11_000, feeCents = 1_000) {
    const { customerId, cardId } = await customerWithCard();
    const result = await gateway.charge({
      customerId,
      cardId,
      amountCents: totalCents,
      description: 'Brake Repair',
      metadata: { purpose: 'booking', paymentId: 'payment-1' },
      idempotencyKey: 'job-payment-1',
      destination: { accountId: 'acct_shop', applicationFeeCents: feeCents },
    });
    return result.paymentIntentId;
  }

  it('sends the fee and the destination with the charge', async () => {
    await destinationCharge();
    const request = only('POST', /^\/v1\/payment_intents$/);
    expect(request.body).toMatchObject({
      amount: '11000',
      application_fee_amount: '1000',
      transfer_data: { destination: 'acct_shop' },
    });
  });

  it('refunds with the fee given back and the transfer reversed, reporting the split', async () => {
    const paymentIntentId = await destinationCharge(10_001, 1_000);
    const refund = (amountCents: number, key: string) =>
      gateway.refund({
        paymentIntentId,
        amountCents,
        reason: 'Job not finished',
        metadata: { paymentId: 'payment-1' },
        idempotencyKey: key,
      });

    const first = await refund(3_333, 'refund-1');
    const request = only('POST', /^\/v1\/refunds$/);
    expect(request.idempotencyKey).toBe('refund-1');
    expect(request.body).toEqual({
      payment_intent: paymentIntentId,
      amount: '3333',
      reason: 'requested_by_customer',
      refund_application_fee: 'true',
      reverse_transfer: 'true',
      metadata: { paymentId: 'payment-1', feeRefundCents: '333', reversalCents: '3000' },
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^re_/),
      paymentIntentId,
      amountCents: 3_333,
      feeRefundCents: 333,
      reversalCents: 3_000,
      status: 'succeeded',
    });
    // A retried request answers the first refund and its split.
    expect(await refund(3_333, 'refund-1')).toEqual(first);

    const rest = await refund(10_001 - 3_333, 'refund-2');
    expect(rest).toMatchObject({ feeRefundCents: 667, reversalCents: 6_001 });
    expect(await gateway.chargeFacts(paymentIntentId)).toEqual({
      paymentIntentId,
      chargedCents: 10_001,
      refundedCents: 10_001,
      applicationFeeCents: 1_000,
      feeRefundedCents: 1_000,
      transferredCents: 9_001,
      reversedCents: 9_001,
      disputedCents: 0,
    });
    const facts = sent('GET', /^\/v1\/payment_intents\//).at(-1)!;
    expect(facts.body.expand).toEqual(['latest_charge.application_fee', 'latest_charge.transfer']);
  });

  it('refuses a refund above what is left', async () => {
    const paymentIntentId = await destinationCharge();
    await expect(
      gateway.refund({
        paymentIntentId,
        amountCents: 20_000,
        reason: 'Too much',
        metadata: {},
        idempotencyKey: 'refund-big',
      }),
    ).rejects.toEqual(refusal('bad_request'));
  });

  it('reverses part of the charge’s transfer for a lost dispute, once per key', async () => {
    const paymentIntentId = await destinationCharge(11_000, 1_000);
    const reverse = () =>
      gateway.reverseTransfer({
        paymentIntentId,
        amountCents: 10_000,
        metadata: { paymentId: 'payment-1', disputeId: 'du_lost' },
        idempotencyKey: 'dispute-lost:du_lost',
      });
    const first = await reverse();
    const lookup = sent('GET', /^\/v1\/payment_intents\//).at(-1)!;
    expect(lookup.body.expand).toEqual(['latest_charge.transfer']);
    const chargeId = fake.store.get(paymentIntentId)!.latest_charge as string;
    const transferId = fake.store.get(chargeId)!.transfer as string;
    const request = only('POST', /^\/v1\/transfers\/[^/]+\/reversals$/);
    expect(request.path).toBe(`/v1/transfers/${transferId}/reversals`);
    expect(request.idempotencyKey).toBe('dispute-lost:du_lost');
    expect(request.body).toEqual({
      amount: '10000',
      metadata: { paymentId: 'payment-1', disputeId: 'du_lost' },
    });
    expect(first).toEqual({ id: expect.stringMatching(/^trr_/), amountCents: 10_000 });
    // A retried request answers the first reversal; nothing is taken twice.
    expect(await reverse()).toEqual(first);
    expect((await gateway.chargeFacts(paymentIntentId)).reversedCents).toBe(10_000);
  });

  it('refuses a reversal of a payment that was not transferred', async () => {
    const { customerId, cardId } = await customerWithCard();
    const { paymentIntentId } = await gateway.charge({
      customerId,
      cardId,
      amountCents: 5_000,
      description: 'Plan',
      metadata: {},
      idempotencyKey: 'plain-1',
    });
    await expect(
      gateway.reverseTransfer({
        paymentIntentId,
        amountCents: 100,
        metadata: {},
        idempotencyKey: 'dispute-lost:du_x',
      }),
    ).rejects.toEqual(refusal('not_found'));
  });

  it('counts an open or lost dispute, not a won one', async () => {
    const paymentIntentId = await destinationCharge();
    const chargeId = fake.store.get(paymentIntentId)!.latest_charge as string;
    fake.store.get(chargeId)!.disputed = true;
    for (const [id, status] of [
      ['du_1', 'won'],
      ['du_2', 'needs_response'],
    ])
      fake.store.set(id!, {
        id,
        object: 'dispute',
        amount: 4_000,
        payment_intent: paymentIntentId,
        status,
      });
    expect((await gateway.chargeFacts(paymentIntentId)).disputedCents).toBe(4_000);
    expect(only('GET', /^\/v1\/disputes$/).body).toMatchObject({ payment_intent: paymentIntentId });
  });
});
