import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, subscriptions, webhookEvents } from '../../db/schema/index.ts';
import { currentPlan, paymentsOf, subscribe } from '../../test/billing.ts';
import { createCast, type TestAccount } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mechanic: TestAccount;
let admin: TestAccount;
let gatewaySubscriptionId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ mechanic, admin } = await createCast(t.app));
  const { subscriptionId } = await subscribe(t, mechanic.cookie, 'premium');
  const [row] = await t.app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  gatewaySubscriptionId = row!.stripeSubscriptionId!;
});
afterAll(() => t.close());

const secret = () => t.config.testGatewayWebhookSecret;
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret(),
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
const deliver = (payload: string, signature?: string) =>
  t.api({
    method: 'POST',
    url: '/api/payments/stripe-webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });

let counter = 0;
/** A renewal's invoice.paid as Stripe sends it (API 2026-10-28 shapes). */
function invoicePaid(amount = 7999) {
  counter += 1;
  const start = Math.floor(Date.now() / 1000) + 30 * 86_400;
  return JSON.stringify({
    id: `evt_test_webhook_${counter}`,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_test_webhook_${counter}`,
        object: 'invoice',
        amount_paid: amount,
        amount_due: amount,
        currency: 'usd',
        billing_reason: 'subscription_cycle',
        attempt_count: 1,
        next_payment_attempt: null,
        parent: { subscription_details: { subscription: gatewaySubscriptionId } },
        payments: { data: [{ payment: { payment_intent: `pi_test_webhook_${counter}` } }] },
        lines: { data: [{ period: { start, end: start + 30 * 86_400 } }] },
        metadata: { cardBrand: 'visa', cardLast4: '4242' },
      },
    },
  });
}

const paymentCount = async () =>
  (await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n;

describe('POST /api/payments/stripe-webhook', () => {
  it('acts on a signed event once: a replay or redelivery changes nothing', async () => {
    const before = await paymentCount();
    const payload = invoicePaid();
    const first = await deliver(payload, sign(payload));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await paymentCount()).toBe(before + 1);
    // The same event again, freshly signed (Stripe retries) and replayed as captured.
    for (const signature of [sign(payload), sign(payload)]) {
      const again = await deliver(payload, signature);
      expect(again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await paymentCount()).toBe(before + 1);
    const renewal = (await paymentsOf(t, mechanic.cookie, mechanic.user.id)).find(
      (p) => p.description === 'Premium plan — monthly renewal',
    );
    expect(renewal).toMatchObject({ amount: 79.99, status: 'completed', cardLast4: '4242' });
  });

  it('refuses an unsigned, a badly signed or a stale event with 400, changing nothing', async () => {
    const before = await paymentCount();
    const events = async () =>
      (await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents))[0]!.n;
    const eventsBefore = await events();
    const payload = invoicePaid();
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const [what, signature] of [
      ['unsigned', undefined],
      ['wrong secret', sign(payload, { secret: 'whsec_not_ours' })],
      ['stale', sign(payload, { timestamp: stale })],
      ['garbage', 't=1,v1=abc'],
      ['another body', sign(invoicePaid(1))],
    ] as const) {
      const response = await deliver(payload, signature);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error, what).toMatch(/Webhook verification failed/);
    }
    const tampered = payload.replace('7999', '1');
    expect((await deliver(tampered, sign(payload))).statusCode).toBe(400);
    expect(await paymentCount()).toBe(before);
    expect(await events()).toBe(eventsBefore);
  });

  it('refuses a signed body that is no event, and a body that is not JSON', async () => {
    const junk = JSON.stringify({ hello: 'world' });
    expect((await deliver(junk, sign(junk))).statusCode).toBe(400);
    const text = await t.api({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'text/plain', 'stripe-signature': sign('x') },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
  });

  it("follows the gateway's subscription: past due, then cancelled after failed payments", async () => {
    const subscription = (status: string, reason: string | null = null) =>
      JSON.stringify({
        id: `evt_test_sub_${status}_${++counter}`,
        object: 'event',
        type:
          status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: gatewaySubscriptionId,
            object: 'subscription',
            customer: 'cus_x',
            status,
            cancel_at_period_end: false,
            cancel_at: null,
            start_date: Math.floor(Date.now() / 1000),
            metadata: {},
            cancellation_details: { reason },
            items: {
              data: [
                {
                  current_period_start: Math.floor(Date.now() / 1000),
                  current_period_end: Math.floor(Date.now() / 1000) + 86_400 * 30,
                  price: { metadata: { planType: 'premium' } },
                },
              ],
            },
          },
        },
      });
    let payload = subscription('past_due');
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.status).toBe('past_due');
    payload = subscription('canceled', 'payment_failed');
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, gatewaySubscriptionId));
    expect(row!.status).toBe('cancelled');
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();
  });

  it('takes the simulated checkout payload only when signed', async () => {
    const payload = JSON.stringify({
      sessionId: 'cs_test_spec_1',
      status: 'success',
      userId: mechanic.user.id,
      amount: 79.99,
      planType: 'premium',
    });
    expect((await deliver(payload)).statusCode).toBe(400);
    const signed = await deliver(payload, sign(payload));
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await deliver(payload, sign(payload))).json().duplicate).toBe(true);
    const recorded = (await paymentsOf(t, mechanic.cookie, mechanic.user.id)).filter((p) =>
      p.description.includes('cs_test_spec_1'),
    );
    expect(recorded).toEqual([expect.objectContaining({ status: 'completed', amount: 79.99 })]);
  });
});

describe('POST /api/stripe/webhook-test', () => {
  const sendAs = (cookie: string) => (payload: object) =>
    t.api({ method: 'POST', url: '/api/stripe/webhook-test', headers: { cookie }, payload });

  it('is for admins only: anyone else is refused before anything is sent', async () => {
    const before = await t.app.database.db.select().from(webhookEvents);
    const refused = await sendAs(mechanic.cookie)({ sessionId: 'cs_test_page' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBeTruthy();
    expect(await t.app.database.db.select().from(webhookEvents)).toHaveLength(before.length);
  });

  it('reports a correctly signed event as verified and a wrongly signed one as refused', async () => {
    const send = sendAs(admin.cookie);
    const good = await send({ sessionId: 'cs_test_page', event: 'checkout.session.completed' });
    expect(good.json()).toMatchObject({ status: 200, verified: true, error: null });
    const bad = await send({ sessionId: 'cs_test_page', verified: false });
    expect(bad.json()).toMatchObject({
      status: 400,
      verified: false,
      error: expect.stringMatching(/Could not validate webhook signature/),
    });
    expect((await send({ sessionId: '' })).statusCode).toBe(400);
    expect((await send({ sessionId: 'x', event: '<script>' })).statusCode).toBe(400);
  });
});
