import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSplit, TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL } from '../../../core/billing/payouts.ts';
import { ledgerEntries, notifications, payments } from '../../db/schema/index.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import {
  cards,
  insertCompletedJob,
  payByCard,
  setUpPayouts,
  startPayouts,
} from '../../test/payouts.ts';
import { saveCard } from '../../test/billing.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { insertOwnedProvider } from '../../test/providers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, { provider: { visitFee: 90 } });
  await saveCard(t, cast.driver.cookie, cards.visa);
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.api({ method: 'GET', url, headers: { cookie } });

async function newProvider() {
  const mechanic = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id, {
    visitFee: 90,
  });
  return { ...mechanic, providerId: provider.id };
}

const ledgerOf = (paymentId: string) =>
  t.app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));

const byAccount = (rows: { account: string; amountCents: number }[]) => {
  const sums: Record<string, number> = {};
  for (const r of rows) sums[r.account] = (sums[r.account] ?? 0) + r.amountCents;
  return sums;
};

const advance = (days: number) =>
  t.api({
    method: 'POST',
    url: '/api/test-gateway/clock',
    headers: { cookie: cast.admin.cookie },
    payload: { advanceDays: days },
  });

describe('a payout account per business', () => {
  it('goes from not started to payouts enabled with the test bank details', async () => {
    const owner = await newProvider();
    const account = () => get(owner.cookie, '/api/payouts/account');
    expect((await account()).json()).toMatchObject({
      status: 'not_started',
      payoutsEnabled: false,
      requirements: [],
      testMode: true,
    });
    const id = await startPayouts(t, owner.cookie);
    // Starting again continues with the same account.
    expect(await startPayouts(t, owner.cookie)).toBe(id);
    const started = (await account()).json();
    expect(started.status).toBe('restricted');
    expect(started.requirements).toEqual(
      expect.arrayContaining(['Bank account', 'Your name, date of birth and SSN']),
    );
    await setUpPayouts(t, owner.cookie);
    expect((await account()).json()).toMatchObject({
      status: 'payouts_enabled',
      payoutsEnabled: true,
      requirements: [],
      bankLast4: '6789',
      schedule: 'daily',
    });
    const weekly = await t.api({
      method: 'PUT',
      url: '/api/payouts/schedule',
      headers: { cookie: owner.cookie },
      payload: { schedule: 'weekly' },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json().schedule).toBe('weekly');
    expect((await get(owner.cookie, '/api/payouts/balance')).json()).toMatchObject({
      pending: 0,
      available: 0,
      paidOut: 0,
      frozen: 0,
      schedule: 'weekly',
    });
  });

  it('an identity that needs a document is restricted until the document is sent', async () => {
    const owner = await newProvider();
    const id = await setUpPayouts(t, owner.cookie, { idNumber: '111111111' });
    const restricted = (await get(owner.cookie, '/api/payouts/account')).json();
    expect(restricted).toMatchObject({ status: 'restricted', payoutsEnabled: false });
    expect(restricted.requirements).toEqual(['Identity document']);
    const sent = await t.api({
      method: 'POST',
      url: `/api/test-gateway/accounts/${id}/onboard`,
      headers: { cookie: owner.cookie },
      payload: { idDocument: 'verified' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await get(owner.cookie, '/api/payouts/account')).json().status).toBe('payouts_enabled');
  });

  it('is the owner’s only, and refuses bad input', async () => {
    for (const url of ['/api/payouts/account', '/api/payouts/balance', '/api/payouts'])
      expect((await get(cast.driver.cookie, url)).statusCode, url).toBe(403);
    const noBusiness = await signUp(t.app, { role: 'mechanic' });
    expect((await get(noBusiness.cookie, '/api/payouts/account')).statusCode).toBe(404);
    for (const payload of [{}, { schedule: 'monthly' }, { schedule: 7 }])
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/payouts/schedule',
            headers: { cookie: cast.otherMechanic.cookie },
            payload,
          })
        ).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    // No account yet: nothing to schedule.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/payouts/schedule',
          headers: { cookie: cast.otherMechanic.cookie },
          payload: { schedule: 'weekly' },
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('a job paid by card is split at the source', () => {
  it('a provider without payouts cannot be paid by card; they hear it once per job', async () => {
    const owner = await newProvider();
    const bookingId = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: owner.providerId,
    });
    const booking = () => get(cast.driver.cookie, `/api/bookings/${bookingId}`);
    expect((await booking()).json().provider.acceptsCards).toBe(false);
    for (let i = 0; i < 2; i++) {
      const refused = await payByCard(t, cast.driver.cookie, bookingId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatch(
        /cannot take card payments yet: pay in cash, or ask them to finish setting up payouts/,
      );
    }
    const told = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(told.filter((n) => n.title === 'Set up payouts to get paid by card')).toHaveLength(1);
    // Cash is still taken: the visit fee plus 10 %.
    const cash = await t.api({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: cast.driver.cookie },
      payload: { bookingId, paymentMethod: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().payment.amount).toBe(99);

    await setUpPayouts(t, owner.cookie);
    const other = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: owner.providerId,
    });
    expect(
      (await get(cast.driver.cookie, `/api/bookings/${other}`)).json().provider.acceptsCards,
    ).toBe(true);
    expect((await payByCard(t, cast.driver.cookie, other)).statusCode).toBe(201);
  });

  it('puts exactly the fee with the platform and the rest with the provider, to the cent', async () => {
    const owner = await newProvider();
    await setUpPayouts(t, owner.cookie);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 50, max: 2_000_000 }), async (baseCents) => {
        const bookingId = await insertCompletedJob(
          t,
          { driverId: cast.driver.user.id, providerId: owner.providerId },
          baseCents / 100,
        );
        const paid = await payByCard(t, cast.driver.cookie, bookingId);
        expect(paid.statusCode, paid.body).toBe(201);
        const split = jobSplit(baseCents);
        const payment = paid.json().payment;
        expect(Math.round(payment.amount * 100)).toBe(split.totalCents);
        const rows = await ledgerOf(payment.id);
        expect(byAccount(rows)).toEqual({
          driver: -split.totalCents,
          platform: 0,
          platform_revenue: split.platformFeeCents,
          provider: split.providerCents,
        });
        expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(0);
        const [row] = await t.app.database.db
          .select()
          .from(payments)
          .where(eq(payments.id, payment.id));
        expect(row!.platformFeeCents).toBe(split.platformFeeCents);
        expect(row!.destinationAccountId).toMatch(/^acct_test_/);
      }),
      { numRuns: 50 },
    );
    const receipt = await get(cast.driver.cookie, `/api/payments/${(await lastPayment())!.id}`);
    expect(receipt.json()).toMatchObject({ refunds: [], platformFee: expect.any(Number) });
  });
});

async function lastPayment() {
  const [row] = await t.app.database.db
    .select()
    .from(payments)
    .where(eq(payments.userId, cast.driver.user.id))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  return row;
}

describe('balance and payouts', () => {
  it('a payment is pending, available two days later, then paid out with its job', async () => {
    const owner = await newProvider();
    await setUpPayouts(t, owner.cookie);
    const bookingId = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: owner.providerId,
    });
    expect((await payByCard(t, cast.driver.cookie, bookingId)).statusCode).toBe(201);
    const balance = async () => (await get(owner.cookie, '/api/payouts/balance')).json();
    expect(await balance()).toMatchObject({ pending: 90, available: 0, paidOut: 0 });
    expect((await advance(2)).statusCode).toBe(200);
    const later = await balance();
    expect(later.pending).toBe(0);
    expect(later.available + later.paidOut).toBe(90);
    expect((await advance(2)).statusCode).toBe(200);
    expect(await balance()).toMatchObject({ pending: 0, available: 0, paidOut: 90 });
    const list = (await get(owner.cookie, '/api/payouts')).json();
    expect(list).toEqual([
      expect.objectContaining({
        amount: 90,
        status: 'paid',
        failureMessage: null,
        jobs: [expect.objectContaining({ bookingId, amount: 90, serviceType: 'Brake Repair' })],
      }),
    ]);
    const [summary] = [(await get(cast.admin.cookie, '/api/admin/ledger/summary')).json()];
    expect(summary.paidOut).toBeGreaterThanOrEqual(90);
  });

  it('a payout lists its jobs and the refunds taken from them, adding up to its amount', async () => {
    const owner = await newProvider();
    await setUpPayouts(t, owner.cookie);
    const bookingId = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: owner.providerId,
    });
    const paid = await payByCard(t, cast.driver.cookie, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    // Available first, then $22 of the $99 refunded: $20 comes back from the provider's $90.
    expect((await advance(2)).statusCode).toBe(200);
    const refund = await t.api({
      method: 'POST',
      url: `/api/payments/${paid.json().payment.id}/refund`,
      headers: { cookie: owner.cookie },
      payload: { amount: 22, reason: 'Part of the work was not needed' },
    });
    expect(refund.json()).toMatchObject({ providerReversed: 20 });
    expect((await advance(2)).statusCode).toBe(200);
    const [payout] = (await get(owner.cookie, '/api/payouts')).json();
    expect(payout).toMatchObject({ amount: 70, status: 'paid' });
    expect(payout.jobs.map((j: { amount: number }) => j.amount)).toEqual([90, -20]);
  });

  it('a failed payout tells the owner what to fix and its money goes to the next one', async () => {
    const owner = await newProvider();
    await setUpPayouts(t, owner.cookie, { accountNumber: TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL });
    const bookingId = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: owner.providerId,
    });
    expect((await payByCard(t, cast.driver.cookie, bookingId)).statusCode).toBe(201);
    await advance(4);
    const list = (await get(owner.cookie, '/api/payouts')).json();
    expect(list[0]).toMatchObject({
      amount: 90,
      status: 'failed',
      failureMessage: 'the bank account number does not exist',
      jobs: [],
    });
    const told = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(told.map((n) => n.message)).toContain(
      'Your payout of $90.00 failed: the bank account number does not exist. Update your bank details in Profile → Business → Payouts.',
    );
    expect((await get(owner.cookie, '/api/payouts/account')).json().payoutFailure).toMatch(
      /the bank account number does not exist/,
    );
    expect((await get(owner.cookie, '/api/payouts/balance')).json().paidOut).toBe(0);
  });

  it('every job’s ledger sums to zero', async () => {
    const rows = await t.app.database.db
      .select({
        paymentId: ledgerEntries.paymentId,
        sum: sql<number>`sum(${ledgerEntries.amountCents})::int`,
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.paymentId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => Number(r.sum) !== 0)).toEqual([]);
  });
});
