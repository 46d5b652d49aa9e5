import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { PAYMENTS_OFF_MESSAGE, TEST_PAYMENTS_ENDED } from '../../../core/billing/schemas.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { cards, card, currentPlan, subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

/**
 * Which gateway a server runs: the test gateway's cards pay for anything, so a server others can
 * reach runs it only when told to (PAYMENTS_TEST_MODE=true); without Stripe keys it takes no
 * card payments at all.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const started: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of started) await app.close();
  await t.close();
});

/** Another app server on the same database, started with these settings. */
async function server(overrides: Partial<Config>) {
  const app = await buildApp({ ...t.config, ...overrides }, { database: t.app.database });
  await app.ready();
  started.push(app);
  return app;
}

const everyInterface = { host: '0.0.0.0' };
const stripeKeys = {
  stripe: {
    secretKey: 'sk_test_switched',
    webhookSecret: 'whsec_switched',
    publishableKey: 'pk_test_switched',
    // Never reached: starting and reading plans ask nothing of Stripe.
    host: '127.0.0.1',
    port: 9,
    protocol: 'http' as const,
  },
};

/** `app.inject`: the 503s here are the answers under test. */
const call = (
  app: FastifyInstance,
  method: string,
  url: string,
  cookie?: string,
  payload?: object,
) =>
  app.inject({
    method: method as 'GET',
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

const paymentsOf = async (app: FastifyInstance) =>
  (await call(app, 'GET', '/api/meta')).json().payments as string;

describe('a public server without Stripe keys', () => {
  let off: FastifyInstance;
  let cast: Cast;
  beforeAll(async () => {
    off = await server(everyInterface);
    cast = await createCast(off);
  });

  const refused = (answer: { statusCode: number; json(): unknown }, what: string) => {
    expect(answer.statusCode, what).toBe(503);
    expect(answer.json(), what).toEqual({ error: PAYMENTS_OFF_MESSAGE });
  };

  it('tells the page that payments are off', async () => {
    const meta = (await call(off, 'GET', '/api/meta')).json();
    expect(meta).toMatchObject({ payments: 'off', stripePublishableKey: null });
  });

  it('sells no plan: a mechanic buying Enterprise with 4242 gets 503 and no plan', async () => {
    const bought = await call(off, 'POST', '/api/create-subscription', cast.mechanic.cookie, {
      planType: 'enterprise',
    });
    refused(bought, 'create-subscription');
    refused(
      await call(off, 'POST', '/api/subscriptions', cast.mechanic.cookie, { planType: 'basic' }),
      'POST /api/subscriptions',
    );
    // The test gateway's own confirmation, where the card would go, is closed too.
    const secret = `pi_test_${'0'.repeat(24)}_secret_${'0'.repeat(32)}`;
    refused(
      await call(off, 'POST', '/api/test-gateway/confirm', cast.mechanic.cookie, {
        clientSecret: secret,
        card: card(cards.visa),
      }),
      'test-gateway/confirm',
    );
    refused(
      await call(off, 'POST', '/api/test-gateway/authenticate', cast.mechanic.cookie, {
        clientSecret: secret,
        approve: true,
      }),
      'test-gateway/authenticate',
    );
    expect(await currentPlan(t, cast.mechanic.cookie, cast.mechanic.user.id)).toBeNull();
    const rows = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, cast.mechanic.user.id));
    expect(rows).toEqual([]);
  });

  it('saves no card and sends no test webhook', async () => {
    const cookie = cast.driver.cookie;
    refused(await call(off, 'GET', '/api/payment-methods', cookie), 'list cards');
    refused(await call(off, 'POST', '/api/payment-methods/setup-intent', cookie), 'setup intent');
    refused(await call(off, 'POST', '/api/payment-methods/pm_test_x/default', cookie), 'default');
    refused(await call(off, 'DELETE', '/api/payment-methods/pm_test_x', cookie), 'remove');
    refused(
      await call(off, 'POST', '/api/stripe/webhook-test', cast.admin.cookie, { sessionId: 'cs_1' }),
      'webhook-test',
    );
    // Bad input is still a 400 before anything else.
    expect(
      (await call(off, 'POST', '/api/payment-methods/not-a-card/default', cookie)).statusCode,
    ).toBe(400);
  });

  it('takes no card for a job; cash still works', async () => {
    const { driver, mechanic } = cast;
    const booked = await call(off, 'POST', '/api/bookings', driver.cookie, {
      providerId: mechanic.providerId,
      serviceType: 'Brake Repair',
      description: 'Air leak',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    for (const status of ['confirmed', 'in_progress', 'completed'])
      expect(
        (await call(off, 'PATCH', `/api/bookings/${id}`, mechanic.cookie, { status })).statusCode,
      ).toBe(200);
    refused(
      await call(off, 'POST', '/api/payments', driver.cookie, {
        bookingId: id,
        paymentMethod: 'card',
      }),
      'card for a job',
    );
    const cash = await call(off, 'POST', '/api/payments', driver.cookie, {
      bookingId: id,
      paymentMethod: 'cash',
    });
    expect(cash.statusCode, cash.body).toBeLessThan(300);
  });

  it('an https PUBLIC_URL makes a loopback server public too', async () => {
    expect(await paymentsOf(await server({ publicUrl: 'https://truckfinder.example' }))).toBe(
      'off',
    );
  });
});

describe('PAYMENTS_TEST_MODE=true', () => {
  it('keeps the test gateway on a public server (a public demo)', async () => {
    const demo = await server({ ...everyInterface, paymentsTestMode: true });
    expect(await paymentsOf(demo)).toBe('test');
    const mechanic = await signUp(demo, { role: 'mechanic' });
    await insertOwnedProvider(demo.database.db, mechanic.user.id);
    const created = await call(demo, 'POST', '/api/create-subscription', mechanic.cookie, {
      planType: 'basic',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().testMode).toBe(true);
  });

  it('a server only this machine reaches runs the test gateway without it', async () => {
    expect(await paymentsOf(t.app)).toBe('test');
  });
});

describe('a plan governs only until its endDate', () => {
  it('an active plan whose endDate is past is no plan: limit, current plan and changes', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    await insertOwnedProvider(t.app.database.db, mechanic.user.id);
    const { subscriptionId } = await subscribe(t, mechanic.cookie, 'premium');
    const allowance = async () =>
      (await call(t.app, 'GET', '/api/billing/allowance', mechanic.cookie)).json();
    expect((await allowance()).planType).toBe('premium');

    // Nobody renewed it (a gateway that stopped reporting): the row still says active.
    await t.app.database.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, subscriptionId));
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();
    expect(await allowance()).toMatchObject({ planType: null, limit: 5 });
    const changed = await call(
      t.app,
      'PATCH',
      `/api/subscriptions/${subscriptionId}`,
      mechanic.cookie,
      { planType: 'enterprise' },
    );
    expect(changed.statusCode).toBe(409);
  });
});

describe('a server that stops taking test payments', () => {
  it('ends the plans paid through the test gateway at start, saying why; others stay', async () => {
    const cast = await createCast(t.app);
    const { subscriptionId: running } = await subscribe(t, cast.mechanic.cookie, 'enterprise');
    const { subscriptionId: cancelled } = await subscribe(t, cast.otherMechanic.cookie, 'premium');
    await call(t.app, 'POST', '/api/cancel-subscription', cast.otherMechanic.cookie, {
      subscriptionId: cancelled,
    });
    const pendingOwner = await signUp(t.app, { role: 'mechanic' });
    const pending = await call(t.app, 'POST', '/api/create-subscription', pendingOwner.cookie, {
      planType: 'basic',
    });
    const stripeOwner = await signUp(t.app, { role: 'mechanic' });
    const [stripePlan] = await t.app.database.db
      .insert(subscriptions)
      .values({
        userId: stripeOwner.user.id,
        planType: 'premium',
        status: 'active',
        price: 79.99,
        endDate: new Date(Date.now() + 20 * 86_400_000),
        stripeSubscriptionId: 'sub_1RealStripeId',
      })
      .returning();

    const stripe = await server(stripeKeys);
    expect(await paymentsOf(stripe)).toBe('stripe');

    const row = async (id: string) =>
      (await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
    const now = Date.now();
    for (const id of [running, cancelled]) {
      const ended = await row(id);
      expect(ended).toMatchObject({ status: 'expired', endReason: TEST_PAYMENTS_ENDED });
      expect(ended.endDate!.getTime()).toBeLessThanOrEqual(now);
    }
    expect(await row(pending.json().subscriptionId)).toMatchObject({
      status: 'failed',
      endReason: TEST_PAYMENTS_ENDED,
    });
    expect(await row(stripePlan!.id)).toMatchObject({ status: 'active', endReason: null });

    // What the owners see: no plan, the Basic allowance, and why in their history.
    const plan = await call(
      stripe,
      'GET',
      `/api/subscription/${cast.mechanic.user.id}`,
      cast.mechanic.cookie,
    );
    expect(plan.json()).toBeNull();
    const allowance = await call(stripe, 'GET', '/api/billing/allowance', cast.mechanic.cookie);
    expect(allowance.json()).toMatchObject({ planType: null, limit: 5 });
    const history = await call(
      stripe,
      'GET',
      `/api/subscriptions/user/${cast.mechanic.user.id}`,
      cast.mechanic.cookie,
    );
    expect(history.json()[0]).toMatchObject({ status: 'expired', endReason: TEST_PAYMENTS_ENDED });
  });
});
