import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { buildApp } from '../../app.ts';
import { payments, testGatewayCustomers, testGatewayIntents } from '../../db/schema/index.ts';
import { cards, saveCard } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { setUpPayouts } from '../../test/payouts.ts';
import { createTestApp, inject } from '../../test/test-app.ts';

/**
 * One job, one charge: two app servers on one database (here two apps sharing one PGlite, each
 * with its own gateway client and its own in-process locks) and two taps at once.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let second: FastifyInstance;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp(t.config, { database: t.app.database });
  await second.ready();
  cast = await createCast(t.app, { provider: { visitFee: 120 } });
  await setUpPayouts(t, cast.mechanic.cookie);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function completedJob() {
  const booked = await t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: cast.driver.cookie },
    payload: {
      providerId: cast.mechanic.providerId,
      serviceType: 'Brake Repair',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  const done = await t.api({
    method: 'PATCH',
    url: `/api/admin/bookings/${id}`,
    headers: { cookie: cast.admin.cookie },
    payload: { status: 'completed' },
  });
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

const pay = (app: FastifyInstance, bookingId: string, extra: object = {}) =>
  inject(app, {
    method: 'POST',
    url: '/api/payments',
    headers: { cookie: cast.driver.cookie },
    payload: { bookingId, paymentMethod: 'card', ...extra },
  });

/** The charges the gateway made for a job. */
const chargesOf = (bookingId: string) =>
  t.app.database.db
    .select()
    .from(testGatewayIntents)
    .where(sql`${testGatewayIntents.metadata}->>'bookingId' = ${bookingId}`);
const paymentsOf = (bookingId: string) =>
  t.app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));

describe('one job, one charge', () => {
  beforeAll(async () => {
    await saveCard(t, cast.driver.cookie, cards.visa);
  });

  it('two taps on two app servers at once: one charge at the gateway, one completed payment', async () => {
    const bookingId = await completedJob();
    const answers = await Promise.all([
      pay(t.app, bookingId),
      pay(second, bookingId),
      pay(t.app, bookingId),
      pay(second, bookingId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error).toMatch(/already under way|already paid/);
    const charges = await chargesOf(bookingId);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.idempotencyKey).toBe(`job-payment:${bookingId}:1`);
    const rows = await paymentsOf(bookingId);
    expect(rows.map((r) => r.status)).toEqual(['completed']);
    expect(rows[0]!.stripePaymentIntentId).toBe(charges[0]!.id);
  });

  it('the test gateway honours the idempotency key: the same key answers the first charge', async () => {
    const gateway = t.app.billing.gateway;
    const [customer] = await t.app.database.db
      .select()
      .from(testGatewayCustomers)
      .where(eq(testGatewayCustomers.userId, cast.driver.user.id));
    const [saved] = await gateway.listCards(customer!.id);
    const input = {
      customerId: customer!.id,
      cardId: saved!.id,
      amountCents: 1234,
      description: 'Twice',
      metadata: { purpose: 'test' },
      idempotencyKey: `job-payment:idempotency-check:1`,
    };
    const first = await gateway.charge(input);
    const again = await gateway.charge(input);
    expect(again).toEqual(first);
    const rows = await t.app.database.db
      .select()
      .from(testGatewayIntents)
      .where(eq(testGatewayIntents.idempotencyKey, input.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('a declined charge releases the claim; the next try is a new attempt with a new key', async () => {
    const decliner = await saveCard(t, cast.driver.cookie, cards.declinesLater);
    const declining = decliner.cards.find((c) => c.last4 === '0341')!.id;
    const bookingId = await completedJob();
    const declined = await pay(t.app, bookingId, { paymentMethodId: declining });
    expect(declined.statusCode).toBe(402);
    const paid = await pay(second, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    const keys = (await chargesOf(bookingId)).map((c) => c.idempotencyKey).sort();
    expect(keys).toEqual([`job-payment:${bookingId}:1`, `job-payment:${bookingId}:2`]);
    expect((await paymentsOf(bookingId)).map((r) => r.status).sort()).toEqual([
      'completed',
      'failed',
    ]);
  });

  it('a charge that never reached an answer releases the claim (nothing left processing)', async () => {
    const bookingId = await completedJob();
    const unknownCard = await pay(t.app, bookingId, { paymentMethodId: 'pm_test_not_a_card' });
    expect(unknownCard.statusCode).toBe(404);
    expect(await paymentsOf(bookingId)).toEqual([]);
    const paid = await pay(t.app, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    // The released claim's attempt number is used again: a retry after a lost answer would
    // reach the gateway with the same key.
    expect((await chargesOf(bookingId)).map((c) => c.idempotencyKey)).toEqual([
      `job-payment:${bookingId}:1`,
    ]);
  });

  it('a claim left by a server that stopped mid-charge is taken over after 2 minutes, with its key', async () => {
    const bookingId = await completedJob();
    const [left] = await t.app.database.db
      .insert(payments)
      .values({
        userId: cast.driver.user.id,
        bookingId,
        amount: 132,
        paymentMethod: 'card',
        status: 'processing',
        metadata: { attempt: 1 },
      })
      .returning();
    const busy = await pay(t.app, bookingId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe('A payment for this job is already under way');
    await t.app.database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(payments.id, left!.id));
    const paid = await pay(second, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment.id).toBe(left!.id);
    expect((await chargesOf(bookingId)).map((c) => c.idempotencyKey)).toEqual([
      `job-payment:${bookingId}:1`,
    ]);
  });
});
