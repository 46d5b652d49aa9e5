import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { bookings } from '../../db/schema/index.ts';
import { authenticate, cards, saveCard, subscribe } from '../../test/billing.ts';
import { setUpPayouts } from '../../test/payouts.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function providerWithDriver() {
  const mechanic = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id, { visitFee: 90 });
  const driver = await signUp(t.app);
  return { mechanic, provider, driver };
}

async function book(driverCookie: string, providerId: string) {
  const response = await t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: driverCookie },
    payload: {
      providerId,
      serviceType: 'Brake Repair',
      description: 'Air leak',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const move = (cookie: string, id: string, payload: object) =>
  t.api({ method: 'PATCH', url: `/api/bookings/${id}`, headers: { cookie }, payload });

describe('the plan limit on accepted bookings', () => {
  it('Basic or no plan accepts 5 a month: the 6th confirm answers 409 offering the upgrade', async () => {
    const { mechanic, provider, driver } = await providerWithDriver();
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await book(driver.cookie, provider.id));
    const allowance = () =>
      t.api({ method: 'GET', url: '/api/billing/allowance', headers: { cookie: mechanic.cookie } });
    expect((await allowance()).json()).toEqual({ planType: null, limit: 5, used: 0, remaining: 5 });

    // Five accepted at once, racing: exactly five succeed.
    const answers = await Promise.all(
      ids.slice(0, 6).map((id) => move(mechanic.cookie, id, { status: 'confirmed' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error).toMatch(/5 bookings this month, the limit on no plan/);
    expect(refused.json().error).toMatch(/Upgrade to Premium/);
    expect((await allowance()).json()).toEqual({ planType: null, limit: 5, used: 5, remaining: 0 });

    // Subscribed to Basic: still five.
    await subscribe(t, mechanic.cookie, 'basic');
    const onBasic = await move(mechanic.cookie, ids[6]!, { status: 'confirmed' });
    expect(onBasic.statusCode).toBe(409);
    expect(onBasic.json().error).toMatch(/the limit on the Basic plan/);
    // Declining is always allowed; an admin is never limited.
    expect((await move(mechanic.cookie, ids[6]!, { status: 'cancelled' })).statusCode).toBe(200);
  });

  it('Premium is unlimited', async () => {
    const { mechanic, provider, driver } = await providerWithDriver();
    await subscribe(t, mechanic.cookie, 'premium');
    for (let i = 0; i < 6; i++) {
      const id = await book(driver.cookie, provider.id);
      expect((await move(mechanic.cookie, id, { status: 'confirmed' })).statusCode).toBe(200);
    }
    const allowance = await t.api({
      method: 'GET',
      url: '/api/billing/allowance',
      headers: { cookie: mechanic.cookie },
    });
    expect(allowance.json()).toEqual({
      planType: 'premium',
      limit: null,
      used: 6,
      remaining: null,
    });
  });

  it('only counts this calendar month', async () => {
    const { mechanic, provider, driver } = await providerWithDriver();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await book(driver.cookie, provider.id));
    for (const id of ids.slice(0, 5)) await move(mechanic.cookie, id, { status: 'confirmed' });
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await t.app.database.db
      .update(bookings)
      .set({ confirmedAt: lastMonth })
      .where(eq(bookings.providerId, provider.id));
    expect((await move(mechanic.cookie, ids[5]!, { status: 'confirmed' })).statusCode).toBe(200);
  });
});

describe('a driver pays a completed job', () => {
  async function completedJob(actualCost?: number) {
    const parties = await providerWithDriver();
    await subscribe(t, parties.mechanic.cookie, 'premium');
    await setUpPayouts(t, parties.mechanic.cookie);
    const id = await book(parties.driver.cookie, parties.provider.id);
    for (const status of ['confirmed', 'in_progress'])
      await move(parties.mechanic.cookie, id, { status });
    await move(parties.mechanic.cookie, id, {
      status: 'completed',
      ...(actualCost ? { actualCost } : {}),
    });
    return { ...parties, bookingId: id };
  }
  const pay = (cookie: string, payload: object) =>
    t.api({ method: 'POST', url: '/api/payments', headers: { cookie }, payload });
  const bookingOf = async (cookie: string, id: string) =>
    (await t.api({ method: 'GET', url: `/api/bookings/${id}`, headers: { cookie } })).json();

  it('by saved card: the actual cost plus 10 % is charged once and the booking shows Paid', async () => {
    const { driver, mechanic, bookingId } = await completedJob(245.5);
    expect((await pay(driver.cookie, { bookingId, paymentMethod: 'card' })).json().error).toMatch(
      /Add a card first/,
    );
    await saveCard(t, driver.cookie, cards.visa);
    expect(
      (await pay(driver.cookie, { bookingId, paymentMethod: 'card', amount: 1 })).statusCode,
    ).toBe(400);
    // $245.50 and the platform's fee of $24.55.
    const paid = await pay(driver.cookie, { bookingId, paymentMethod: 'card', amount: 270.05 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      status: 'succeeded',
      payment: { amount: 270.05, status: 'completed', bookingId, cardLast4: '4242' },
    });
    expect((await bookingOf(driver.cookie, bookingId)).payment).toMatchObject({
      status: 'completed',
      paymentMethod: 'card',
      amount: 270.05,
      refundedAmount: 0,
      disputed: false,
    });
    expect((await bookingOf(mechanic.cookie, bookingId)).payment.status).toBe('completed');
    expect((await pay(driver.cookie, { bookingId, paymentMethod: 'cash' })).statusCode).toBe(409);
  });

  it('in cash: recorded, awaiting the provider (cash-confirmation.api.test.ts)', async () => {
    const { driver, bookingId } = await completedJob();
    const paid = await pay(driver.cookie, { bookingId, paymentMethod: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    // Visit fee 90 plus the 10 % platform fee.
    expect(paid.json().payment).toMatchObject({
      amount: 99,
      paymentMethod: 'cash',
      status: 'awaiting_confirmation',
    });
    expect((await bookingOf(driver.cookie, bookingId)).payment.paymentMethod).toBe('cash');
  });

  it('a card that asks for authentication pays after the step; a declined one answers 402', async () => {
    const first = await completedJob();
    await saveCard(t, first.driver.cookie, cards.authentication).then(async ({ result }) => {
      expect(result.status).toBe('requires_action');
    });
    // Saving it needed the step too: approve it, then pay.
    const setup = await t.api({
      method: 'POST',
      url: '/api/payment-methods/setup-intent',
      headers: { cookie: first.driver.cookie },
    });
    const secret = setup.json().clientSecret;
    await t.api({
      method: 'POST',
      url: '/api/test-gateway/confirm',
      headers: { cookie: first.driver.cookie },
      payload: {
        clientSecret: secret,
        card: { number: cards.authentication, expMonth: 12, expYear: 2040, cvc: '123' },
      },
    });
    expect((await authenticate(t, first.driver.cookie, secret, true)).status).toBe('succeeded');
    const started = await pay(first.driver.cookie, {
      bookingId: first.bookingId,
      paymentMethod: 'card',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.any(String),
    });
    expect((await bookingOf(first.driver.cookie, first.bookingId)).payment.status).toBe('pending');
    expect(
      (await authenticate(t, first.driver.cookie, started.json().clientSecret, true)).status,
    ).toBe('succeeded');
    expect((await bookingOf(first.driver.cookie, first.bookingId)).payment.status).toBe(
      'completed',
    );

    const second = await completedJob();
    await saveCard(t, second.driver.cookie, cards.declinesLater);
    const declined = await pay(second.driver.cookie, {
      bookingId: second.bookingId,
      paymentMethod: 'card',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
    expect((await bookingOf(second.driver.cookie, second.bookingId)).payment.status).toBe('failed');
  });

  it('refuses what is not theirs, not finished, or not offered', async () => {
    const { driver, mechanic, provider, bookingId } = await completedJob();
    const stranger = await signUp(t.app);
    expect((await pay(stranger.cookie, { bookingId, paymentMethod: 'cash' })).statusCode).toBe(404);
    expect((await pay(mechanic.cookie, { bookingId, paymentMethod: 'cash' })).statusCode).toBe(404);
    expect(
      (await pay(driver.cookie, { bookingId, paymentMethod: 'cash', userId: stranger.user.id }))
        .statusCode,
    ).toBe(403);
    expect((await pay(driver.cookie, { bookingId, paymentMethod: 'ach' })).json().error).toMatch(
      /ACH/,
    );
    const open = await book(driver.cookie, provider.id);
    expect((await pay(driver.cookie, { bookingId: open, paymentMethod: 'cash' })).statusCode).toBe(
      409,
    );
    for (const payload of [
      { paymentMethod: 'cash' },
      { bookingId, paymentMethod: 'bitcoin' },
      { bookingId, subscriptionId: bookingId, paymentMethod: 'card' },
      { bookingId, paymentMethod: 'card', paymentMethodId: '<script>' },
      { bookingId, paymentMethod: 'cash', amount: -5 },
    ])
      expect((await pay(driver.cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });
});

describe('saved cards', () => {
  it('lists, sets the default and removes only your own', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await saveCard(t, owner.cookie, cards.visa);
    const { cards: saved } = await saveCard(t, owner.cookie, '5555 5555 5555 4444');
    expect(saved.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const mastercard = saved[1]!.id;
    const url = (id: string, action = '') => `/api/payment-methods/${id}${action}`;
    expect(
      (
        await t.api({
          method: 'POST',
          url: url(mastercard, '/default'),
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.api({ method: 'DELETE', url: url(mastercard), headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    const made = await t.api({
      method: 'POST',
      url: url(mastercard, '/default'),
      headers: { cookie: owner.cookie },
    });
    expect(made.json().find((c: { id: string }) => c.id === mastercard).isDefault).toBe(true);
    expect(
      (await t.api({ method: 'DELETE', url: url(saved[0]!.id), headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(204);
    const left = await t.api({
      method: 'GET',
      url: '/api/payment-methods',
      headers: { cookie: owner.cookie },
    });
    expect(left.json()).toEqual([expect.objectContaining({ last4: '4444', isDefault: true })]);
    expect(
      (await t.api({ method: 'DELETE', url: url('not-a-card'), headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(400);
    const declined = await saveCard(t, owner.cookie, cards.declined);
    expect(declined.result.message).toBe('Your card was declined.');
    expect(declined.cards).toHaveLength(1);
  });
});
