import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSplit } from '../../../../core/billing/payouts.ts';
import {
  testGatewayDisputes,
  testGatewayEvents,
  testGatewayPayouts,
} from '../../../db/schema/index.ts';
import { card, cards } from '../../../test/billing.ts';
import { enrolTotp } from '../../../test/second-factor.ts';
import { createTestApp, promoteToAdmin, signUp } from '../../../test/test-app.ts';
import { GatewayError } from './gateway.ts';
import type { TestGateway } from './test-gateway.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let gateway: TestGateway;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  gateway = t.app.billing.gateway as TestGateway;
  const admin = await signUp(t.app);
  await promoteToAdmin(t.app, admin.user.id);
  await enrolTotp(t.app, admin);
  adminCookie = admin.cookie;
});
afterAll(() => t.close());

const DISPUTED_CARD = '4000 0000 0000 0259';
const goodDetails = {
  firstName: 'Jenny',
  lastName: 'Rosen',
  dob: '1980-01-01',
  idNumber: '000000000',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  tosAccepted: true,
};

async function newAccount() {
  const owner = await signUp(t.app, { role: 'mechanic' });
  const account = await gateway.createAccount({
    providerId: randomUUID(),
    ownerUserId: owner.user.id,
    email: owner.account.email,
    businessName: 'Rosen Diesel',
  });
  return { owner, account };
}

const onboard = (cookie: string, id: string, payload: object) =>
  t.api({
    method: 'POST',
    url: `/api/test-gateway/accounts/${id}/onboard`,
    headers: { cookie },
    payload,
  });

async function onboardedAccount(details: Partial<typeof goodDetails> = {}) {
  const { owner, account } = await newAccount();
  const answer = await onboard(owner.cookie, account.id, { ...goodDetails, ...details });
  expect(answer.statusCode, answer.body).toBe(200);
  return { owner, account };
}

/** A driver with a saved card at the gateway. */
async function driverCard(number: string = cards.visa) {
  const driver = await signUp(t.app);
  const customerId = await gateway.createCustomer({
    userId: driver.user.id,
    email: driver.account.email,
    name: 'Driver',
  });
  const { clientSecret } = await gateway.createSetupIntent(customerId);
  expect((await gateway.confirm(driver.user.id, clientSecret, card(number))).status).toBe(
    'succeeded',
  );
  const [saved] = await gateway.listCards(customerId);
  return { customerId, cardId: saved!.id };
}

async function jobCharge(accountId: string, baseCents = 10_000, number?: string) {
  const split = jobSplit(baseCents);
  const { customerId, cardId } = await driverCard(number);
  const result = await gateway.charge({
    customerId,
    cardId,
    amountCents: split.totalCents,
    description: 'Brake Repair',
    metadata: { purpose: 'job' },
    idempotencyKey: `job-${randomUUID()}`,
    destination: { accountId, applicationFeeCents: split.platformFeeCents },
  });
  expect(result.status).toBe('succeeded');
  return { ...split, paymentIntentId: result.paymentIntentId };
}

const advance = (advanceDays: number) =>
  t.api({
    method: 'POST',
    url: '/api/test-gateway/clock',
    headers: { cookie: adminCookie },
    payload: { advanceDays },
  });

async function eventsOf(type: string) {
  const rows = await t.app.database.db
    .select()
    .from(testGatewayEvents)
    .where(eq(testGatewayEvents.type, type))
    .orderBy(asc(testGatewayEvents.seq));
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

const payoutsOf = (accountId: string) =>
  t.app.database.db
    .select()
    .from(testGatewayPayouts)
    .where(eq(testGatewayPayouts.accountId, accountId))
    .orderBy(asc(testGatewayPayouts.createdAt));

describe('connected accounts', () => {
  it('a new account is restricted with everything due, and says so in account.updated', async () => {
    const { account } = await newAccount();
    expect(account.id).toMatch(/^acct_test_[a-f0-9]{24}$/);
    expect(account).toMatchObject({
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      disabledReason: 'requirements.past_due',
      schedule: 'daily',
    });
    expect(account.currentlyDue).toEqual(
      expect.arrayContaining(['external_account', 'individual.id_number', 'tos_acceptance.date']),
    );
    const event = (await eventsOf('account.updated')).find(
      (e) => (e.data as { object: { id: string } }).object.id === account.id,
    );
    expect(event?.account).toBe(account.id);
  });

  it('creating again for the same provider answers the first account', async () => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    const input = {
      providerId: randomUUID(),
      ownerUserId: owner.user.id,
      email: owner.account.email,
      businessName: 'Twice',
    };
    const ids = await Promise.all([1, 2, 3].map(() => gateway.createAccount(input)));
    expect(new Set(ids.map((a) => a.id)).size).toBe(1);
    expect((await gateway.createAccount(input)).id).toBe(ids[0]!.id);
  });

  it('the onboarding link is the test gateway page', async () => {
    const { account } = await newAccount();
    const url = await gateway.accountLink(account.id, {
      returnUrl: 'https://trucks.example/profile?tab=business&payouts=done',
      refreshUrl: 'https://trucks.example/profile?tab=business&payouts=refresh',
    });
    expect(url).toBe(
      `http://localhost:5000/profile?tab=business&payouts=onboarding&account=${account.id}`,
    );
  });

  it('only the owner sees and onboards the account; others get 404', async () => {
    const { owner, account } = await newAccount();
    const stranger = await signUp(t.app, { role: 'mechanic' });
    const url = `/api/test-gateway/accounts/${account.id}`;
    const own = await t.api({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: account.id, businessName: 'Rosen Diesel' });
    expect(
      (await t.api({ method: 'GET', url, headers: { cookie: stranger.cookie } })).statusCode,
    ).toBe(404);
    expect((await onboard(stranger.cookie, account.id, goodDetails)).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses values that are not Stripe test values, each with its field message', async () => {
    const { owner, account } = await newAccount();
    const answer = await onboard(owner.cookie, account.id, {
      ...goodDetails,
      routingNumber: '123456789',
      accountNumber: '42',
      idNumber: '123',
      tosAccepted: false,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toMatchObject({
      routingNumber: 'Use the test routing number 110000000',
      accountNumber:
        'Use a test account number: 000123456789, or 000111111116 for payouts that fail',
      idNumber: 'Use a test ID number: 000000000 (verified) or 111111111 (needs an ID document)',
    });
    const empty = await onboard(owner.cookie, account.id, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(
      expect.arrayContaining(['firstName', 'routingNumber', 'tosAccepted']),
    );
  });

  it('verified details enable charges and payouts, keeping only the last 4 of the account', async () => {
    const { owner, account } = await newAccount();
    const answer = await onboard(owner.cookie, account.id, goodDetails);
    expect(answer.json()).toMatchObject({
      currentlyDue: [],
      detailsSubmitted: true,
      payoutsEnabled: true,
    });
    const read = await gateway.retrieveAccount(account.id);
    expect(read).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, bankLast4: '6789' });
    expect(JSON.stringify(await eventsOf('account.updated'))).not.toContain('000123456789');
  });

  it('ID 111111111 needs a document: payouts stay off until a readable one is sent', async () => {
    const { owner, account } = await newAccount();
    const first = await onboard(owner.cookie, account.id, {
      ...goodDetails,
      idNumber: '111111111',
    });
    expect(first.json()).toMatchObject({
      currentlyDue: ['individual.verification.document'],
      payoutsEnabled: false,
    });
    const unreadable = await onboard(owner.cookie, account.id, { idDocument: 'unreadable' });
    expect(unreadable.json().currentlyDue).toEqual(['individual.verification.document']);
    const verified = await onboard(owner.cookie, account.id, { idDocument: 'verified' });
    expect(verified.json()).toMatchObject({ currentlyDue: [], payoutsEnabled: true });
    const again = await onboard(owner.cookie, account.id, { idDocument: 'verified' });
    expect(again.statusCode).toBe(400);
  });

  it('the payout schedule changes and is reported', async () => {
    const { account } = await newAccount();
    expect((await gateway.setPayoutSchedule(account.id, 'weekly')).schedule).toBe('weekly');
    expect((await gateway.retrieveAccount(account.id)).schedule).toBe('weekly');
  });
});

describe('destination charges, refunds and disputes', () => {
  it('refuses a charge to an account that cannot take cards', async () => {
    const { account } = await newAccount();
    const { customerId, cardId } = await driverCard();
    await expect(
      gateway.charge({
        customerId,
        cardId,
        amountCents: 11_000,
        description: 'Job',
        metadata: {},
        idempotencyKey: `job-${randomUUID()}`,
        destination: { accountId: account.id, applicationFeeCents: 1_000 },
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it("the provider's share is pending for 2 days; the event carries the fee and destination", async () => {
    const { account } = await onboardedAccount();
    const charge = await jobCharge(account.id);
    expect(await gateway.balance(account.id)).toEqual({
      pendingCents: charge.providerCents,
      availableCents: 0,
    });
    const event = (await eventsOf('payment_intent.succeeded')).find(
      (e) => (e.data as { object: { id: string } }).object.id === charge.paymentIntentId,
    );
    expect((event!.data as { object: unknown }).object).toMatchObject({
      application_fee_amount: charge.platformFeeCents,
      transfer_data: { destination: account.id },
    });
    expect(await gateway.chargeFacts(charge.paymentIntentId)).toEqual({
      paymentIntentId: charge.paymentIntentId,
      chargedCents: charge.totalCents,
      refundedCents: 0,
      applicationFeeCents: charge.platformFeeCents,
      feeRefundedCents: 0,
      transferredCents: charge.providerCents,
      reversedCents: 0,
      disputedCents: 0,
    });
  });

  it('a charge that asks for authentication credits the account once it is approved', async () => {
    const { account } = await onboardedAccount();
    const driver = await signUp(t.app);
    const customerId = await gateway.createCustomer({
      userId: driver.user.id,
      email: driver.account.email,
      name: 'Driver',
    });
    const { clientSecret } = await gateway.createSetupIntent(customerId);
    await gateway.confirm(driver.user.id, clientSecret, card(cards.authentication));
    await gateway.authenticate(driver.user.id, clientSecret, true);
    const [saved] = await gateway.listCards(customerId);
    const split = jobSplit(8_000);
    const started = await gateway.charge({
      customerId,
      cardId: saved!.id,
      amountCents: split.totalCents,
      description: 'Tow',
      metadata: {},
      idempotencyKey: `job-${randomUUID()}`,
      destination: { accountId: account.id, applicationFeeCents: split.platformFeeCents },
    });
    expect(started.status).toBe('requires_action');
    expect((await gateway.balance(account.id)).pendingCents).toBe(0);
    await gateway.authenticate(driver.user.id, started.clientSecret!, true);
    expect((await gateway.balance(account.id)).pendingCents).toBe(split.providerCents);
  });

  it('refunds in parts give back the fee and reverse the transfer, netting to zero', async () => {
    const { account } = await onboardedAccount();
    const charge = await jobCharge(account.id, 10_001);
    const refund = (amountCents: number, key = randomUUID()) =>
      gateway.refund({
        paymentIntentId: charge.paymentIntentId,
        amountCents,
        reason: 'Job not finished',
        metadata: { paymentId: 'p1' },
        idempotencyKey: `refund-${key}`,
      });
    const key = randomUUID();
    const first = await refund(3_333, key);
    expect(first.feeRefundCents + first.reversalCents).toBe(3_333);
    expect((await refund(3_333, key)).id).toBe(first.id);
    await expect(refund(charge.totalCents)).rejects.toThrow(
      'The refund is more than what is left on this payment',
    );
    const rest = await refund(charge.totalCents - 3_333);
    const facts = await gateway.chargeFacts(charge.paymentIntentId);
    expect(facts).toMatchObject({
      refundedCents: charge.totalCents,
      feeRefundedCents: charge.platformFeeCents,
      reversedCents: charge.providerCents,
    });
    expect(first.feeRefundCents + rest.feeRefundCents).toBe(charge.platformFeeCents);
    // The reversals are taken at once; the share itself is still pending.
    expect(await gateway.balance(account.id)).toEqual({
      pendingCents: charge.providerCents,
      availableCents: -charge.providerCents,
    });
    const refunded = (await eventsOf('charge.refunded')).filter(
      (e) =>
        (e.data as { object: { payment_intent: string } }).object.payment_intent ===
        charge.paymentIntentId,
    );
    expect(
      refunded.map(
        (e) => (e.data as { object: { amount_refunded: number } }).object.amount_refunded,
      ),
    ).toEqual([3_333, charge.totalCents]);
  });

  it('the disputed test card opens a fraudulent dispute; an admin closes it', async () => {
    const { account } = await onboardedAccount();
    const charge = await jobCharge(account.id, 5_000, DISPUTED_CARD);
    const [dispute] = await t.app.database.db
      .select()
      .from(testGatewayDisputes)
      .where(eq(testGatewayDisputes.paymentIntentId, charge.paymentIntentId));
    expect(dispute).toMatchObject({ reason: 'fraudulent', status: 'needs_response' });
    expect((await gateway.chargeFacts(charge.paymentIntentId)).disputedCents).toBe(
      charge.totalCents,
    );
    expect((await eventsOf('charge.dispute.created')).length).toBeGreaterThan(0);
    const refund = () =>
      gateway.refund({
        paymentIntentId: charge.paymentIntentId,
        amountCents: 100,
        reason: 'Sorry',
        metadata: {},
        idempotencyKey: `refund-${randomUUID()}`,
      });
    await expect(refund()).rejects.toThrow('disputed with the bank');
    const close = (cookie: string) =>
      t.api({
        method: 'POST',
        url: `/api/test-gateway/disputes/${dispute!.id}/close`,
        headers: { cookie },
        payload: { outcome: 'won' },
      });
    const driver = await signUp(t.app);
    expect((await close(driver.cookie)).statusCode).toBe(403);
    expect((await close(adminCookie)).statusCode).toBe(204);
    expect((await close(adminCookie)).statusCode).toBe(400);
    expect((await gateway.chargeFacts(charge.paymentIntentId)).disputedCents).toBe(0);
    expect((await refund()).amountCents).toBe(100);
    const closed = (await eventsOf('charge.dispute.closed')).at(-1)!;
    expect((closed.data as { object: unknown }).object).toMatchObject({
      id: dispute!.id,
      status: 'won',
    });
  });
});

describe("payouts on the gateway's clock", () => {
  it('only an admin moves the clock, by 1 to 30 days', async () => {
    const driver = await signUp(t.app);
    const asDriver = await t.api({
      method: 'POST',
      url: '/api/test-gateway/clock',
      headers: { cookie: driver.cookie },
      payload: { advanceDays: 1 },
    });
    expect(asDriver.statusCode).toBe(403);
    expect((await advance(31)).statusCode).toBe(400);
  });

  it('funds become available after 2 days, are paid out at 00:00 and arrive a day later', async () => {
    const { account } = await onboardedAccount();
    const charge = await jobCharge(account.id);
    const moved = await advance(3);
    expect(moved.statusCode, moved.body).toBe(200);
    const [payout] = await payoutsOf(account.id);
    expect(payout).toMatchObject({ amountCents: charge.providerCents, status: 'in_transit' });
    expect(payout!.createdAt.getUTCHours()).toBe(0);
    expect(await gateway.balance(account.id)).toEqual({ pendingCents: 0, availableCents: 0 });
    const created = (await eventsOf('payout.created')).find(
      (e) => (e.data as { object: { id: string } }).object.id === payout!.id,
    );
    expect(created?.account).toBe(account.id);

    await advance(1);
    expect((await payoutsOf(account.id)).map((p) => p.status)).toEqual(['paid']);
    const paid = (await eventsOf('payout.paid')).find(
      (e) => (e.data as { object: { id: string } }).object.id === payout!.id,
    );
    expect(paid?.account).toBe(account.id);
  });

  it('a payout to the failing test bank fails, returns the funds and turns payouts off', async () => {
    const { account } = await onboardedAccount({ accountNumber: '000111111116' });
    const charge = await jobCharge(account.id);
    await advance(4);
    const [payout] = await payoutsOf(account.id);
    expect(payout).toMatchObject({
      status: 'failed',
      failureCode: 'no_account',
      failureMessage: 'The bank account number does not exist.',
    });
    expect(await gateway.balance(account.id)).toEqual({
      pendingCents: 0,
      availableCents: charge.providerCents,
    });
    const read = await gateway.retrieveAccount(account.id);
    expect(read.payoutsEnabled).toBe(false);
    expect(read.currentlyDue).toContain('external_account');
    // No second payout while the bank account is wrong.
    await advance(2);
    expect(await payoutsOf(account.id)).toHaveLength(1);
  });

  it('weekly payouts wait for a Monday', async () => {
    const { account } = await onboardedAccount();
    await gateway.setPayoutSchedule(account.id, 'weekly');
    await jobCharge(account.id);
    await advance(10);
    const payouts = await payoutsOf(account.id);
    expect(payouts.length).toBeGreaterThan(0);
    for (const payout of payouts) expect(payout.createdAt.getUTCDay()).toBe(1);
  });
});
