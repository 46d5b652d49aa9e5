import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSplit, refundSplit } from '../../../core/billing/payouts.ts';
import {
  auditLog,
  ledgerEntries,
  notifications,
  payments,
  testGatewayDisputes,
  testGatewayIntents,
} from '../../db/schema/index.ts';
import { saveCard } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { cards, insertCompletedJob, payByCard, setUpPayouts } from '../../test/payouts.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, { provider: { visitFee: 90 } });
  await saveCard(t, cast.driver.cookie, cards.visa);
  await setUpPayouts(t, cast.mechanic.cookie);
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.api({ method: 'GET', url, headers: { cookie } });
const refund = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/payments/${id}/refund`, headers: { cookie }, payload });

/** A $90 visit-fee job paid by card: the driver pays $99. */
async function paidJob(actualCost: number | null = null, driverCookie = cast.driver.cookie) {
  const bookingId = await insertCompletedJob(
    t,
    { driverId: cast.driver.user.id, providerId: cast.mechanic.providerId },
    actualCost,
  );
  const paid = await payByCard(t, driverCookie, bookingId);
  expect(paid.statusCode, paid.body).toBe(201);
  return { bookingId, paymentId: paid.json().payment.id as string };
}

const paymentOf = async (id: string) =>
  (await t.app.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

const sums = async (paymentId: string) => {
  const rows = await t.app.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId));
  const by: Record<string, number> = {};
  for (const r of rows)
    by[`${r.kind}:${r.account}`] = (by[`${r.kind}:${r.account}`] ?? 0) + r.amountCents;
  return { by, net: rows.reduce((s, r) => s + r.amountCents, 0) };
};

describe('refunds', () => {
  it('a partial refund gives back the fee in proportion; parts sum to the total', async () => {
    const { bookingId, paymentId } = await paidJob();
    const first = await refund(cast.mechanic.cookie, paymentId, {
      amount: 33,
      reason: 'Part not needed',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      amount: 33,
      platformFeeRefunded: 3,
      providerReversed: 30,
      reason: 'Part not needed',
    });
    const driverTold = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, cast.driver.user.id));
    expect(driverTold.map((n) => n.message)).toContain(
      'Refund of $33.00 for Brake Repair: Part not needed',
    );
    const booking = (await get(cast.mechanic.cookie, `/api/bookings/${bookingId}`)).json();
    expect(booking.payment).toMatchObject({
      status: 'completed',
      refundedAmount: 33,
      disputed: false,
      refundableUntil: expect.any(String),
    });

    const tooMuch = await refund(cast.mechanic.cookie, paymentId, { amount: 66.01, reason: 'All' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBe('At most $66.00 is left to refund');

    expect(
      (await refund(cast.admin.cookie, paymentId, { amount: 40, reason: 'Goodwill' })).statusCode,
    ).toBe(200);
    const rest = await refund(cast.mechanic.cookie, paymentId, { reason: 'Job cancelled' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().amount).toBe(26);
    const { by, net } = await sums(paymentId);
    expect(net).toBe(0);
    expect(by['refund:driver']).toBe(9900);
    expect(by['fee_refund:platform']).toBe(900);
    expect(by['transfer_reversal:platform']).toBe(9000);

    const receipt = (await get(cast.driver.cookie, `/api/payments/${paymentId}`)).json();
    expect(receipt.status).toBe('refunded');
    expect(receipt.platformFee).toBe(9);
    expect(receipt.refunds.map((r: { amount: number }) => r.amount)).toEqual([33, 40, 26]);
    expect((await refund(cast.admin.cookie, paymentId, { reason: 'Again' })).statusCode).toBe(409);
    const audited = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, paymentId)));
    expect(audited).toHaveLength(1);
  });

  it('a refund the gateway made but never answered is recorded once, when asked again', async () => {
    const { paymentId } = await paidJob();
    const gateway = t.app.billing.gateway;
    const real = gateway.refund.bind(gateway);
    gateway.refund = async (input) => {
      await real(input);
      throw new Error('socket hang up');
    };
    try {
      const lost = await refund(cast.mechanic.cookie, paymentId, { amount: 11, reason: 'Lost' });
      expect(lost.statusCode, lost.body).toBe(503);
    } finally {
      gateway.refund = real;
    }
    // Still counted: what is left to refund is $99 − $11, not $99.
    const over = await refund(cast.mechanic.cookie, paymentId, { amount: 99, reason: 'All' });
    expect(over.json().fields.amount).toBe('At most $88.00 is left to refund');

    await t.app.billing.retryRefunds(new Date(Date.now() + 3 * 60_000));
    await t.app.billing.retryRefunds(new Date(Date.now() + 6 * 60_000));
    const { by, net } = await sums(paymentId);
    expect(by['refund:driver']).toBe(1100);
    expect(net).toBe(0);
    const [intent] = await t.app.database.db
      .select()
      .from(testGatewayIntents)
      .where(eq(testGatewayIntents.id, (await paymentOf(paymentId)).stripePaymentIntentId!));
    expect(intent!.amountRefundedCents).toBe(1100);
  });

  it('the fee refunded in proportion matches refundSplit for any amounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 99 }),
        async (baseCents, percent) => {
          const { paymentId } = await paidJob(baseCents / 100);
          const split = jobSplit(baseCents);
          const cents = Math.max(1, Math.floor((split.totalCents * percent) / 100));
          const made = await refund(cast.admin.cookie, paymentId, {
            amount: cents / 100,
            reason: 'Partial refund',
          });
          expect(made.statusCode, made.body).toBe(200);
          const expected = refundSplit({
            refundCents: cents,
            totalCents: split.totalCents,
            feeCents: split.platformFeeCents,
            refundedBeforeCents: 0,
            feeRefundedBeforeCents: 0,
            reversedBeforeCents: 0,
          });
          expect(Math.round(made.json().platformFeeRefunded * 100)).toBe(expected.feeRefundCents);
          expect(Math.round(made.json().providerReversed * 100)).toBe(expected.reversalCents);
          expect((await sums(paymentId)).net).toBe(0);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('only the admin, or the job’s provider within 14 days; anyone else 404', async () => {
    const { paymentId } = await paidJob();
    expect((await refund(cast.driver.cookie, paymentId, { reason: 'Mine' })).statusCode).toBe(403);
    expect(
      (await refund(cast.otherMechanic.cookie, paymentId, { reason: 'Not mine' })).statusCode,
    ).toBe(404);
    await t.app.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(payments.id, paymentId));
    const late = await refund(cast.mechanic.cookie, paymentId, { reason: 'Too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toMatch(/14 days/);
    const booking = await t.app.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(
      (await get(cast.mechanic.cookie, `/api/bookings/${booking[0]!.bookingId}`)).json().payment
        .refundableUntil,
    ).toBeNull();
    expect((await refund(cast.admin.cookie, paymentId, { reason: 'Admin may' })).statusCode).toBe(
      200,
    );
    // A cash payment is no card refund.
    const cashJob = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: cast.mechanic.providerId,
    });
    const cash = await t.api({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: cast.driver.cookie },
      payload: { bookingId: cashJob, paymentMethod: 'cash' },
    });
    expect(
      (await refund(cast.admin.cookie, cash.json().payment.id, { reason: 'Cash' })).statusCode,
    ).toBe(409);
  });

  it('refuses bad input', async () => {
    const { paymentId } = await paidJob();
    for (const payload of [
      {},
      { reason: 'no' },
      { reason: 'Fine reason', amount: 0 },
      { reason: 'Fine reason', amount: -5 },
      { reason: 'Fine reason', amount: 1.005 },
      { reason: 'Fine reason', amount: '10' },
      { reason: 'x'.repeat(501) },
    ])
      expect(
        (await refund(cast.mechanic.cookie, paymentId, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    expect(
      (await refund(cast.mechanic.cookie, 'not-a-uuid', { reason: 'Fine reason' })).statusCode,
    ).toBe(400);
  });
});

describe('card disputes', () => {
  it('a dispute freezes the provider’s share and tells them; won releases it, lost takes it back', async () => {
    const driver = await signUp(t.app);
    await saveCard(t, driver.cookie, '4000 0000 0000 0259');
    const job = async () => {
      const bookingId = await insertCompletedJob(t, {
        driverId: driver.user.id,
        providerId: cast.mechanic.providerId,
      });
      const paid = await payByCard(t, driver.cookie, bookingId);
      expect(paid.statusCode, paid.body).toBe(201);
      return { bookingId, paymentId: paid.json().payment.id as string };
    };
    const balance = async () =>
      (await get(cast.mechanic.cookie, '/api/payouts/balance')).json().frozen as number;
    const frozenBefore = await balance();
    const won = await job();
    expect(await balance()).toBe(frozenBefore + 90);
    const booking = (await get(cast.mechanic.cookie, `/api/bookings/${won.bookingId}`)).json();
    expect(booking.payment.disputed).toBe(true);
    const told = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, cast.mechanic.user.id));
    expect(
      told.some((n) => /A card payment of \$99\.00 for Brake Repair is disputed/.test(n.message)),
    ).toBe(true);
    const list = (await get(cast.admin.cookie, '/api/admin/card-disputes')).json();
    const listed = list.find((d: { paymentId: string }) => d.paymentId === won.paymentId);
    expect(listed).toMatchObject({
      amount: 99,
      reason: 'fraudulent',
      bookingId: won.bookingId,
      evidenceDueBy: expect.any(String),
      serviceType: 'Brake Repair',
    });
    expect((await get(cast.mechanic.cookie, '/api/admin/card-disputes')).statusCode).toBe(403);

    const close = async (paymentId: string, outcome: 'won' | 'lost') => {
      const [intent] = await t.app.database.db
        .select({ pi: payments.stripePaymentIntentId })
        .from(payments)
        .where(eq(payments.id, paymentId));
      const [dispute] = await t.app.database.db
        .select()
        .from(testGatewayDisputes)
        .where(eq(testGatewayDisputes.paymentIntentId, intent!.pi!));
      const closed = await t.api({
        method: 'POST',
        url: `/api/test-gateway/disputes/${dispute!.id}/close`,
        headers: { cookie: cast.admin.cookie },
        payload: { outcome },
      });
      expect(closed.statusCode, closed.body).toBe(204);
    };
    const refused = await refund(cast.admin.cookie, won.paymentId, { reason: 'While disputed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/disputed with the bank/);
    await close(won.paymentId, 'won');
    expect(await balance()).toBe(frozenBefore);
    expect((await sums(won.paymentId)).by['dispute_won:platform']).toBe(9900);

    const lost = await job();
    await close(lost.paymentId, 'lost');
    expect(await balance()).toBe(frozenBefore);
    const lostSums = await sums(lost.paymentId);
    expect(lostSums.by['transfer_reversal:platform']).toBe(9000);
    expect(lostSums.net).toBe(0);
  });
});

describe('the nightly reconciliation', () => {
  it('flags a difference planted in the gateway once, until an admin resolves it', async () => {
    const { paymentId } = await paidJob();
    const [row] = await t.app.database.db
      .select({ pi: payments.stripePaymentIntentId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    await t.app.billing.reconcile();
    // Every payment of this file so far (refunded in parts, disputed, won, lost) matches the gateway.
    expect((await get(cast.admin.cookie, '/api/admin/ledger/discrepancies')).json()).toEqual([]);

    await t.app.database.db
      .update(testGatewayIntents)
      .set({ amountRefundedCents: 500 })
      .where(eq(testGatewayIntents.id, row!.pi!));
    await t.app.billing.reconcile();
    await t.app.billing.reconcile();
    const found = (await get(cast.admin.cookie, '/api/admin/ledger/discrepancies'))
      .json()
      .filter((d: { paymentId: string }) => d.paymentId === paymentId);
    expect(found).toEqual([
      expect.objectContaining({ field: 'refunded', ledger: 0, gateway: 5, gatewayRef: row!.pi }),
    ]);
    const summary = (await get(cast.admin.cookie, '/api/admin/ledger/summary')).json();
    expect(summary.openDiscrepancies).toBeGreaterThanOrEqual(1);
    expect(summary.netRevenue).toBeCloseTo(summary.platformFees - summary.feesRefunded, 2);

    const resolve = (payload: object, id = found[0].id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/ledger/discrepancies/${id}/resolve`,
        headers: { cookie: cast.admin.cookie },
        payload,
      });
    expect((await resolve({ note: 'x' })).statusCode).toBe(400);
    expect((await resolve({})).statusCode).toBe(400);
    expect((await resolve({ note: 'Planted by the test' })).statusCode).toBe(204);
    expect((await resolve({ note: 'Again' })).statusCode).toBe(404);
    expect(
      (await get(cast.admin.cookie, '/api/admin/ledger/discrepancies'))
        .json()
        .filter((d: { paymentId: string }) => d.paymentId === paymentId),
    ).toEqual([]);
  });
});
