import { and, eq, isNull, like, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerDiscrepancies,
  ledgerEntries,
  payments,
  testGatewayBalanceTransactions,
  testGatewayDisputes,
  testGatewayEvents,
} from '../../db/schema/index.ts';
import { saveCard } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { insertCompletedJob, payByCard, setUpPayouts } from '../../test/payouts.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { TestGateway } from './gateway/test-gateway.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, { provider: { visitFee: 90 } });
  await saveCard(t, cast.driver.cookie, '4000 0000 0000 0259');
  await setUpPayouts(t, cast.mechanic.cookie);
});
afterAll(() => t.close());

const db = () => t.app.database.db;

/** The connected account's balance at the test gateway, not yet paid out, in cents. */
async function gatewayBalance(accountId: string) {
  const [row] = await db()
    .select({ cents: sql<string>`coalesce(sum(${testGatewayBalanceTransactions.amountCents}), 0)` })
    .from(testGatewayBalanceTransactions)
    .where(
      and(
        eq(testGatewayBalanceTransactions.accountId, accountId),
        isNull(testGatewayBalanceTransactions.payoutId),
      ),
    );
  return Number(row!.cents);
}

const deliver = (payload: string) =>
  t.api({
    method: 'POST',
    url: '/api/payments/stripe-webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: t.config.testGatewayWebhookSecret,
      }),
    },
    payload,
  });

describe('a lost card dispute', () => {
  it('takes the provider’s share back at the gateway once, and the books agree', async () => {
    const bookingId = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: cast.mechanic.providerId,
    });
    const paid = await payByCard(t, cast.driver.cookie, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().payment.id as string;
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const accountId = payment!.destinationAccountId!;
    const before = await gatewayBalance(accountId);
    const [dispute] = await db()
      .select()
      .from(testGatewayDisputes)
      .where(eq(testGatewayDisputes.paymentIntentId, payment!.stripePaymentIntentId!));

    const closed = await t.api({
      method: 'POST',
      url: `/api/test-gateway/disputes/${dispute!.id}/close`,
      headers: { cookie: cast.admin.cookie },
      payload: { outcome: 'lost' },
    });
    expect(closed.statusCode, closed.body).toBe(204);

    // The $90 share of the $99 charge leaves the provider's balance at the gateway.
    expect(await gatewayBalance(accountId)).toBe(before - 9000);
    const rows = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId));
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(0);
    const reversal = rows.filter((r) => r.movementKey === `dispute_lost:${dispute!.id}`);
    expect(reversal.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([-9000, 9000]);
    expect(reversal[0]!.gatewayRef).toMatch(/^trr_/);

    await t.app.billing.reconcile();
    const flagged = await db()
      .select()
      .from(ledgerDiscrepancies)
      .where(eq(ledgerDiscrepancies.paymentId, paymentId));
    expect(flagged).toEqual([]);

    // The same event delivered again, and the same closing sent as a new event: nothing twice.
    const [event] = await db()
      .select()
      .from(testGatewayEvents)
      .where(
        and(
          eq(testGatewayEvents.type, 'charge.dispute.closed'),
          like(testGatewayEvents.payload, `%${dispute!.id}%`),
        ),
      );
    const again = await deliver(event!.payload);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const resent = JSON.parse(event!.payload) as { id: string };
    resent.id = `${resent.id}_resent`;
    const anew = await deliver(JSON.stringify(resent));
    expect(anew.json()).toEqual({ received: true, duplicate: false });
    expect(await gatewayBalance(accountId)).toBe(before - 9000);
    const after = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId));
    expect(after).toHaveLength(rows.length);
  });

  it('answers the webhook 503 while the gateway fails, and reverses once when it is sent again', async () => {
    const bookingId = await insertCompletedJob(t, {
      driverId: cast.driver.user.id,
      providerId: cast.mechanic.providerId,
    });
    const paid = await payByCard(t, cast.driver.cookie, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().payment.id as string;
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const accountId = payment!.destinationAccountId!;
    const before = await gatewayBalance(accountId);
    const [dispute] = await db()
      .select()
      .from(testGatewayDisputes)
      .where(eq(testGatewayDisputes.paymentIntentId, payment!.stripePaymentIntentId!));

    const gateway = t.app.billing.gateway as TestGateway;
    const reverseTransfer = gateway.reverseTransfer;
    gateway.reverseTransfer = () => Promise.reject(new Error('connection reset'));
    try {
      const closed = await t.api({
        method: 'POST',
        url: `/api/test-gateway/disputes/${dispute!.id}/close`,
        headers: { cookie: cast.admin.cookie },
        payload: { outcome: 'lost' },
      });
      expect(closed.statusCode, closed.body).toBe(204);
    } finally {
      gateway.reverseTransfer = reverseTransfer;
    }
    const [event] = await db()
      .select()
      .from(testGatewayEvents)
      .where(
        and(
          eq(testGatewayEvents.type, 'charge.dispute.closed'),
          like(testGatewayEvents.payload, `%${dispute!.id}%`),
        ),
      );
    expect(event!.deliveredAt).toBeNull();
    expect(await gatewayBalance(accountId)).toBe(before);
    const key = `dispute_lost:${dispute!.id}`;
    const unsettled = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.movementKey, key));
    expect(unsettled).toEqual([]);

    await gateway.flush();
    expect(await gatewayBalance(accountId)).toBe(before - 9000);
    const settled = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.movementKey, key));
    expect(settled).toHaveLength(2);
  });
});
