import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { currentPlan, paymentsOf } from '../../test/billing.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

/**
 * The whole app in Stripe mode, its gateway talking to a local stand-in for Stripe's API: what
 * the server asks Stripe for, and the signed webhook that makes the plan active.
 */
const WEBHOOK_SECRET = 'whsec_stripe_mode_test_secret';
let fake: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_stripe_mode',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_stripe_mode',
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deliver = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return t.api({
    method: 'POST',
    url: '/api/payments/stripe-webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

const eventOf = (id: string, type: string, object: unknown) => ({
  id,
  object: 'event',
  api_version: '2026-10-28.clover',
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

describe('Stripe mode', () => {
  it('tells the page to use Stripe Elements and lets Stripe.js load', async () => {
    const meta = await t.api({ method: 'GET', url: '/api/meta' });
    expect(meta.json()).toMatchObject({
      payments: 'stripe',
      stripePublishableKey: 'pk_test_stripe_mode',
    });
    const csp = String(meta.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('subscribes through Stripe: no plan until the signed invoice.paid, then active, once', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const created = await t.api({
      method: 'POST',
      url: '/api/create-subscription',
      headers: { cookie: mechanic.cookie },
      payload: { planType: 'premium' },
    });
    expect(created.statusCode).toBe(201);
    const checkout = created.json();
    expect(checkout).toMatchObject({
      planType: 'premium',
      amount: 79.99,
      status: 'pending',
      testMode: false,
    });

    // What the server asked Stripe for: a customer, the plan's price, an incomplete subscription.
    const customer = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customer?.body).toMatchObject({ email: mechanic.account.email });
    const prices = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices');
    expect(prices.map((r) => [r.body.unit_amount, r.body.recurring])).toEqual([
      ['2999', { interval: 'month' }],
      ['7999', { interval: 'month' }],
      ['19999', { interval: 'month' }],
    ]);
    const sub = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(sub?.body).toMatchObject({ payment_behavior: 'default_incomplete' });
    expect(sub?.idempotencyKey).toBeTruthy();
    const stored = [...fake.store.values()].find((o) => o.object === 'subscription')!;
    const invoice = fake.store.get(stored.latest_invoice as string)!;
    expect(checkout.clientSecret).toMatch(/^pi_fake_\d+_secret_fake$/);
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();

    // An event signed with another secret changes nothing.
    const paid = eventOf('evt_stripe_mode_paid', 'invoice.paid', {
      ...invoice,
      status: 'paid',
      amount_paid: 7999,
      amount_remaining: 0,
    });
    expect((await deliver(paid, 'whsec_someone_else')).statusCode).toBe(400);
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();

    // Stripe's signed invoice.paid activates the plan; a redelivery is acknowledged and ignored.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    const plan = await currentPlan(t, mechanic.cookie, mechanic.user.id);
    expect(plan).toMatchObject({ planType: 'premium', status: 'active' });
    const history = await paymentsOf(t, mechanic.cookie, mechanic.user.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: 79.99, status: 'completed' });
  });

  it('a downgrade waits on a Stripe schedule; the plan changes when Stripe reports the new phase', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const created = await t.api({
      method: 'POST',
      url: '/api/create-subscription',
      headers: { cookie: mechanic.cookie },
      payload: { planType: 'enterprise' },
    });
    const { subscriptionId } = created.json();
    const gatewayId = [...fake.store.values()].find(
      (o) =>
        o.object === 'subscription' &&
        (o.metadata as { localId?: string }).localId === subscriptionId,
    )!.id as string;
    const sub = () => fake.store.get(gatewayId)!;
    const invoice = fake.store.get(sub().latest_invoice as string)!;
    sub().status = 'active';
    const paid = { ...invoice, status: 'paid', amount_paid: 19999, amount_remaining: 0 };
    expect((await deliver(eventOf('evt_down_paid', 'invoice.paid', paid))).statusCode).toBe(200);

    const down = await t.api({
      method: 'PATCH',
      url: `/api/subscriptions/${subscriptionId}`,
      headers: { cookie: mechanic.cookie },
      payload: { planType: 'basic' },
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ planType: 'enterprise', scheduledPlanType: 'basic' });
    expect(sub().schedule).toMatch(/^sub_sched_/);

    // Stripe's report of the subscription (schedule attached, same price) keeps what waits.
    const updated = (id: string) => deliver(eventOf(id, 'customer.subscription.updated', sub()));
    expect((await updated('evt_down_1')).statusCode).toBe(200);
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toMatchObject({
      planType: 'enterprise',
      scheduledPlanType: 'basic',
    });

    // The next phase starts: Stripe moves the subscription to Basic's price and releases it.
    const basic = [...fake.store.values()].find(
      (o) => o.object === 'price' && (o.metadata as { planType?: string }).planType === 'basic',
    )!;
    (sub().items as { data: Record<string, unknown>[] }).data[0]!.price = basic;
    sub().schedule = null;
    expect((await updated('evt_down_2')).statusCode).toBe(200);
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toMatchObject({
      planType: 'basic',
      price: 29.99,
      scheduledPlanType: null,
    });
    expect(
      (await paymentsOf(t, mechanic.cookie, mechanic.user.id)).filter(
        (p) => p.status === 'refunded',
      ),
    ).toEqual([]);
  });
});
