import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/index.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { insertCompletedJob } from '../../test/payouts.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';

/**
 * Payouts in Stripe mode, against the local stand-in for Stripe's API: an Express account and its
 * onboarding link, `account.updated` keeping it current, and a job paid as a destination charge.
 */
const WEBHOOK_SECRET = 'whsec_stripe_payouts_test_secret';
const CONNECT_WEBHOOK_SECRET = 'whsec_stripe_payouts_connect_secret';
let fake: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_stripe_payouts',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_stripe_payouts',
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    },
    stripeConnectWebhookSecret: CONNECT_WEBHOOK_SECRET,
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
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
      }),
    },
    payload,
  });
};

const eventOf = (id: string, type: string, object: unknown, account?: string) => ({
  id,
  object: 'event',
  api_version: '2026-10-28.clover',
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  ...(account ? { account } : {}),
  data: { object },
});

describe('payouts with Stripe Connect', () => {
  it('onboards an Express account through an Account Link and pays a job as a destination charge', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id, {
      visitFee: 90,
      businessName: 'Stripe Diesel',
    });
    const started = await t.api({
      method: 'POST',
      url: '/api/payouts/account',
      headers: { cookie: mechanic.cookie },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(created?.body).toMatchObject({ type: 'express', email: mechanic.account.email });
    const accountId = [...fake.store.values()].find((o) => o.object === 'account')!.id as string;
    const link = fake.requests.find((r) => r.path === '/v1/account_links');
    expect(link?.body).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.publicUrl}/profile?tab=business&payouts=done`,
      refresh_url: `${t.config.publicUrl}/profile?tab=business&payouts=refresh`,
    });
    const view = async () =>
      (
        await t.api({
          method: 'GET',
          url: '/api/payouts/account',
          headers: { cookie: mechanic.cookie },
        })
      ).json();
    expect(await view()).toMatchObject({ status: 'restricted', testMode: false });
    expect((await view()).requirements).toEqual(
      expect.arrayContaining([
        'Bank account',
        'Your name, date of birth and SSN',
        'Accept the terms',
      ]),
    );

    // Stripe says onboarding is done: account.updated keeps the account current.
    const account = fake.store.get(accountId)!;
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: {
        currently_due: [],
        past_due: [],
        eventually_due: [],
        pending_verification: [],
        disabled_reason: null,
        current_deadline: null,
        errors: [],
      },
    });
    // Back from onboarding, the owner sees it at once: until payouts are on, the gateway is asked.
    expect(await view()).toMatchObject({ status: 'payouts_enabled', payoutsEnabled: true });
    // Connected accounts' events come signed with the Connect endpoint's own secret.
    const updated = eventOf('evt_acct_ok', 'account.updated', account, accountId);
    expect((await deliver(updated, 'whsec_someone_else')).statusCode).toBe(400);
    expect((await deliver(updated, CONNECT_WEBHOOK_SECRET)).statusCode).toBe(200);
    expect(await view()).toMatchObject({ status: 'payouts_enabled', payoutsEnabled: true });

    // A driver pays the job by card: $99, with $9 the platform's application fee.
    const driver = await signUp(t.app);
    const setup = await t.api({
      method: 'POST',
      url: '/api/payment-methods/setup-intent',
      headers: { cookie: driver.cookie },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const customer = [...fake.store.values()].find(
      (o) => o.object === 'customer' && o.email === driver.account.email,
    )!;
    fake.addCard(customer.id as string);
    const bookingId = await insertCompletedJob(t, {
      driverId: driver.user.id,
      providerId: provider.id,
    });
    const paid = await t.api({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: driver.cookie },
      payload: { bookingId, paymentMethod: 'card' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const intent = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(intent?.body).toMatchObject({
      amount: '9900',
      application_fee_amount: '900',
      transfer_data: { destination: accountId },
    });
    const rows = await t.app.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paid.json().payment.id));
    const provider90 = rows.filter((r) => r.account === 'provider');
    expect(provider90.map((r) => r.amountCents)).toEqual([9000]);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(0);
  });
});
