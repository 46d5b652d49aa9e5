import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { subscriptions } from '../../db/schema/index.ts';
import {
  authenticate,
  cards,
  confirm,
  currentPlan,
  paymentsOf,
  subscribe,
} from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createCast, type TestAccount } from '../../test/cast.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let driver: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, driver } = await createCast(t.app));
});
afterAll(() => t.close());

/** A mechanic with a business, as a new provider is. */
async function newProvider() {
  const mechanic = await signUp(t.app, { role: 'mechanic' });
  await insertOwnedProvider(t.app.database.db, mechanic.user.id);
  return mechanic;
}

const post = (url: string, cookie: string, payload: unknown) =>
  t.api({ method: 'POST', url, headers: { cookie }, payload: payload as object });
const patch = (url: string, cookie: string, payload: unknown) =>
  t.api({ method: 'PATCH', url, headers: { cookie }, payload: payload as object });

describe('subscribing (test gateway)', () => {
  it('creates the plan unpaid, and the first payment with 4242… makes it active with a receipt', async () => {
    const mechanic = await newProvider();
    const created = await post('/api/create-subscription', mechanic.cookie, {
      planType: 'premium',
      userId: mechanic.user.id,
      email: mechanic.account.email,
      name: mechanic.account.name,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      planType: 'premium',
      amount: 79.99,
      status: 'pending',
      testMode: true,
    });
    expect(created.json().clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();

    const result = await confirm(t, mechanic.cookie, created.json().clientSecret, cards.visa);
    expect(result.status).toBe('succeeded');
    const plan = (await currentPlan(t, mechanic.cookie, mechanic.user.id))!;
    expect(plan).toMatchObject({ status: 'active', planType: 'premium', price: 79.99 });
    const days = (Date.parse(plan.endDate) - Date.parse(plan.startDate)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const [payment] = await paymentsOf(t, mechanic.cookie, mechanic.user.id);
    expect(payment).toMatchObject({
      amount: 79.99,
      status: 'completed',
      cardLast4: '4242',
      description: 'Premium plan — first month',
    });
    expect(payment!.receiptNumber).toMatch(/^TF-\d{6}$/);
    const receipt = await t.api({
      method: 'GET',
      url: `/api/payments/${payment!.id}`,
      headers: { cookie: mechanic.cookie },
    });
    expect(receipt.json()).toMatchObject({
      planType: 'premium',
      cardBrand: 'visa',
      customerName: mechanic.account.name,
      businessName: expect.stringContaining('Owned Provider'),
      testMode: true,
    });
    expect(
      (
        await t.api({
          method: 'GET',
          url: `/api/payments/${payment!.id}`,
          headers: { cookie: driver.cookie },
        })
      ).statusCode,
    ).toBe(404);

    // The same card is now saved as the default, never its number.
    const saved = await t.api({
      method: 'GET',
      url: '/api/payment-methods',
      headers: { cookie: mechanic.cookie },
    });
    expect(saved.json()).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true }),
    ]);
    expect(saved.body).not.toContain('4242424242424242');
  });

  it('takes the price from the plan table: a price in the body is ignored, never charged', async () => {
    const mechanic = await newProvider();
    const created = await post('/api/subscriptions', mechanic.cookie, {
      userId: mechanic.user.id,
      planType: 'enterprise',
      price: 0.01,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().amount).toBe(199.99);
    await confirm(t, mechanic.cookie, created.json().clientSecret, cards.visa);
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.price).toBe(199.99);
    expect((await paymentsOf(t, mechanic.cookie, mechanic.user.id))[0]!.amount).toBe(199.99);
  });

  it('a declined card leaves the plan unpaid with a failed payment; another card then pays it', async () => {
    const mechanic = await newProvider();
    const { clientSecret, result } = await subscribe(t, mechanic.cookie, 'basic', cards.declined);
    expect(result).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      code: 'card_declined',
    });
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();
    expect(await paymentsOf(t, mechanic.cookie, mechanic.user.id)).toEqual([
      expect.objectContaining({ status: 'failed', amount: 29.99 }),
    ]);

    const funds = await confirm(t, mechanic.cookie, clientSecret, cards.insufficientFunds);
    expect(funds.message).toBe('Your card has insufficient funds.');
    const bad = await t.api({
      method: 'POST',
      url: '/api/test-gateway/confirm',
      headers: { cookie: mechanic.cookie },
      payload: {
        clientSecret,
        card: { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2030, cvc: '123' },
      },
    });
    expect(bad.json()).toMatchObject({ status: 'failed', code: 'incorrect_number' });
    const expired = await t.api({
      method: 'POST',
      url: '/api/test-gateway/confirm',
      headers: { cookie: mechanic.cookie },
      payload: {
        clientSecret,
        card: { number: cards.visa, expMonth: 1, expYear: 2020, cvc: '123' },
      },
    });
    expect(expired.json()).toMatchObject({ status: 'failed', code: 'expired_card' });

    expect((await confirm(t, mechanic.cookie, clientSecret, cards.visa)).status).toBe('succeeded');
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.status).toBe('active');
  });

  it('the authentication card asks for the extra step; refused fails, approved pays', async () => {
    const mechanic = await newProvider();
    const { clientSecret, result } = await subscribe(
      t,
      mechanic.cookie,
      'premium',
      cards.authentication,
    );
    expect(result.status).toBe('requires_action');
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();
    const refused = await authenticate(t, mechanic.cookie, clientSecret, false);
    expect(refused.status).toBe('failed');
    expect(refused.message).toMatch(/unable to authenticate/);

    expect((await confirm(t, mechanic.cookie, clientSecret, cards.authentication)).status).toBe(
      'requires_action',
    );
    // Someone else cannot finish it.
    const other = await newProvider();
    const stranger = await t.api({
      method: 'POST',
      url: '/api/test-gateway/authenticate',
      headers: { cookie: other.cookie },
      payload: { clientSecret, approve: true },
    });
    expect(stranger.statusCode).toBe(404);
    expect((await authenticate(t, mechanic.cookie, clientSecret, true)).status).toBe('succeeded');
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.status).toBe('active');
  });

  it('50 concurrent create-subscription calls for one user make one subscription', async () => {
    const mechanic = await newProvider();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/api/create-subscription', mechanic.cookie, { planType: 'premium' }),
      ),
    );
    const ids = new Set(
      answers.map((a) => (a.statusCode === 201 ? a.json().subscriptionId : a.statusCode)),
    );
    expect([...ids]).toHaveLength(1);
    const rows = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, mechanic.user.id));
    expect(rows).toHaveLength(1);
    // A second plan while one is active is refused.
    await confirm(t, mechanic.cookie, answers[0]!.json().clientSecret, cards.visa);
    const again = await post('/api/create-subscription', mechanic.cookie, { planType: 'basic' });
    expect(again.statusCode).toBe(409);
  });

  it('an upgrade charges the difference for the days left, at once', async () => {
    const mechanic = await newProvider();
    const { subscriptionId } = await subscribe(t, mechanic.cookie, 'premium');
    const up = await patch(`/api/subscriptions/${subscriptionId}`, mechanic.cookie, {
      planType: 'enterprise',
      price: 1,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      planType: 'enterprise',
      price: 199.99,
      status: 'active',
      scheduledPlanType: null,
    });
    const history = await paymentsOf(t, mechanic.cookie, mechanic.user.id);
    // Changed on day one: the whole month's difference.
    expect(history.find((p) => p.description === 'Plan change (prorated)')).toMatchObject({
      amount: 120,
      status: 'completed',
    });
  });

  it('upgrade, accept many jobs, downgrade a minute later: no refund, the plan stays until endDate', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const providerId = (await insertOwnedProvider(t.app.database.db, mechanic.user.id)).id;
    const { subscriptionId } = await subscribe(t, mechanic.cookie, 'basic');
    const up = await patch(`/api/subscriptions/${subscriptionId}`, mechanic.cookie, {
      planType: 'enterprise',
    });
    expect(up.json()).toMatchObject({ planType: 'enterprise', status: 'active' });
    const paidPeriodEnd = up.json().endDate as string;

    // A month's worth of jobs on the unlimited plan, more than Basic allows.
    for (let i = 0; i < 8; i++) {
      const booked = await post('/api/bookings', driver.cookie, {
        providerId,
        serviceType: 'Brake Repair',
        description: `Job ${i}`,
        preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const accepted = await patch(`/api/bookings/${booked.json().id}`, mechanic.cookie, {
        status: 'confirmed',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }

    const down = await patch(`/api/subscriptions/${subscriptionId}`, mechanic.cookie, {
      planType: 'basic',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({
      planType: 'enterprise',
      price: 199.99,
      status: 'active',
      scheduledPlanType: 'basic',
      endDate: paidPeriodEnd,
    });
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toMatchObject({
      planType: 'enterprise',
      endDate: paidPeriodEnd,
    });
    const history = await paymentsOf(t, mechanic.cookie, mechanic.user.id);
    expect(history.filter((p) => p.status === 'refunded')).toEqual([]);
    const allowance = await t.api({
      method: 'GET',
      url: '/api/billing/allowance',
      headers: { cookie: mechanic.cookie },
    });
    expect(allowance.json()).toMatchObject({ planType: 'enterprise', limit: null, used: 8 });

    // At the end of the paid period the renewal is Basic's price, on Basic.
    await t.app.billing.renewals(new Date(Date.parse(paidPeriodEnd) + 60_000));
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({ planType: 'basic', scheduledPlanType: null, status: 'active' });
    expect(row!.endDate!.getTime()).toBeGreaterThan(Date.parse(paidPeriodEnd));
    const renewed = await paymentsOf(t, mechanic.cookie, mechanic.user.id);
    expect(renewed[0]).toMatchObject({
      amount: 29.99,
      status: 'completed',
      description: 'Basic plan — monthly renewal',
    });
    expect(renewed.filter((p) => p.status === 'refunded')).toEqual([]);
  });

  it('choosing the current plan again, or cancelling, drops a waiting downgrade', async () => {
    const mechanic = await newProvider();
    const { subscriptionId } = await subscribe(t, mechanic.cookie, 'enterprise');
    const url = `/api/subscriptions/${subscriptionId}`;
    expect((await patch(url, mechanic.cookie, { planType: 'premium' })).json()).toMatchObject({
      planType: 'enterprise',
      scheduledPlanType: 'premium',
    });
    // Another cheaper plan replaces the waiting one.
    expect((await patch(url, mechanic.cookie, { planType: 'basic' })).json()).toMatchObject({
      scheduledPlanType: 'basic',
    });
    expect((await patch(url, mechanic.cookie, { planType: 'enterprise' })).json()).toMatchObject({
      planType: 'enterprise',
      scheduledPlanType: null,
    });
    await patch(url, mechanic.cookie, { planType: 'basic' });
    const cancelled = await post('/api/cancel-subscription', mechanic.cookie, { subscriptionId });
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      planType: 'enterprise',
      scheduledPlanType: null,
    });
    expect(
      (await paymentsOf(t, mechanic.cookie, mechanic.user.id)).filter(
        (p) => p.status === 'refunded',
      ),
    ).toEqual([]);
  });

  it('cancels at the end of the paid period, resumes before it, and expires by itself after', async () => {
    const mechanic = await newProvider();
    const { subscriptionId } = await subscribe(t, mechanic.cookie, 'premium');
    const cancelled = await post('/api/cancel-subscription', mechanic.cookie, { subscriptionId });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = (await currentPlan(t, mechanic.cookie, mechanic.user.id))!;
    expect(before).toMatchObject({ status: 'cancelled', planType: 'premium' });
    expect(cancelled.json().endDate).toBe(before.endDate);

    const resumed = await patch(`/api/subscriptions/${subscriptionId}`, mechanic.cookie, {
      status: 'active',
    });
    expect(resumed.json().status).toBe('active');
    await post('/api/cancel-subscription', mechanic.cookie, { subscriptionId });

    await t.app.billing.renewals(new Date(Date.parse(before.endDate) + 60_000));
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId)));
    expect(row!.status).toBe('expired');
    // Nothing was charged at the end.
    expect(await paymentsOf(t, mechanic.cookie, mechanic.user.id)).toHaveLength(1);
  });
});

describe('who may see and change billing', () => {
  it("another user's billing answers 403; an admin may read anyone's", async () => {
    const mechanic = await newProvider();
    const other = await newProvider();
    const { subscriptionId } = await subscribe(t, mechanic.cookie, 'basic');
    for (const url of [
      `/api/subscription/${mechanic.user.id}`,
      `/api/subscriptions/user/${mechanic.user.id}`,
      `/api/payments/user/${mechanic.user.id}`,
      `/api/payment-reminders/user/${mechanic.user.id}`,
      `/api/reminder-settings/${mechanic.user.id}`,
    ]) {
      expect(
        (await t.api({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode,
        url,
      ).toBe(403);
      expect(
        (await t.api({ method: 'GET', url, headers: { cookie: admin.cookie } })).statusCode,
        url,
      ).toBe(200);
    }
    expect(
      (await post('/api/cancel-subscription', other.cookie, { subscriptionId })).statusCode,
    ).toBe(404);
    expect(
      (await patch(`/api/subscriptions/${subscriptionId}`, other.cookie, { planType: 'premium' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post('/api/create-subscription', other.cookie, {
          planType: 'basic',
          userId: mechanic.user.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/create-subscription', driver.cookie, { planType: 'basic' })).statusCode,
    ).toBe(403);
  });

  it.each([
    ['an unknown plan', { planType: 'gold' }],
    ['no plan', {}],
    ['a malformed user id', { planType: 'basic', userId: 'me' }],
  ])('refuses %s with 400', async (_what, payload) => {
    const mechanic = await newProvider();
    const response = await post('/api/create-subscription', mechanic.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });

  it('refuses malformed changes and confirmations', async () => {
    const mechanic = await newProvider();
    const { subscriptionId, clientSecret } = await subscribe(t, mechanic.cookie, 'basic');
    for (const payload of [{}, { status: 'expired' }, { planType: 'free' }])
      expect(
        (await patch(`/api/subscriptions/${subscriptionId}`, mechanic.cookie, payload)).statusCode,
      ).toBe(400);
    expect(
      (await patch('/api/subscriptions/not-an-id', mechanic.cookie, { status: 'cancelled' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/cancel-subscription', mechanic.cookie, { subscriptionId: 'x' })).statusCode,
    ).toBe(400);
    for (const payload of [
      {
        clientSecret: 'nope',
        card: { number: cards.visa, expMonth: 1, expYear: 2030, cvc: '123' },
      },
      { clientSecret, card: { number: cards.visa, expMonth: 13, expYear: 2030, cvc: '123' } },
      { clientSecret, card: { number: cards.visa, expMonth: 1, expYear: 2030, cvc: '12a' } },
      { clientSecret },
    ])
      expect((await post('/api/test-gateway/confirm', mechanic.cookie, payload)).statusCode).toBe(
        400,
      );
  });
});
