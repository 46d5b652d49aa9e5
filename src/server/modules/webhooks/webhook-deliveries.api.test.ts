import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import {
  webhookEventBody,
  webhookEventData,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../core/integrations/webhooks.ts';
import { webhookEventTypes } from '../../../core/integrations/webhook-rules.ts';
import { integrationEvents, outboxEmails, subscriptions } from '../../db/schema/index.ts';
import { cards, saveCard, subscribe } from '../../test/billing.ts';
import { insertCompletedJob, payByCard, setUpPayouts } from '../../test/payouts.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import {
  confirmContacts,
  createTestApp,
  drainDeliveries,
  signUp,
  type TestAccount,
} from '../../test/test-app.ts';
import { createWebhookSender, verifySignature } from './index.ts';
import { startReceiver, type Receiver } from './test-receiver.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let driver: TestAccount;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp();
  driver = await signUp(t.app, { name: 'Maria Lopez', phone: '(214) 555-0177' });
}, 60_000);
afterAll(() => t.close());
// A receiver per test: what an earlier test left queued cannot reach a later one.
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.api({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** An Enterprise owner (paid through the test gateway) and their listed business. */
async function enterpriseOwner() {
  const owner = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, owner.user.id, { visitFee: 90 });
  await subscribe(t, owner.cookie, 'enterprise');
  return { ...owner, providerId: provider.id };
}

async function register(cookie: string, path: string, events: string[] = [...webhookEventTypes]) {
  const created = await as(cookie, 'POST', '/api/webhooks', {
    url: `${receiver.url}${path}`,
    events,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; secret: string };
}

const deliveries = async (cookie: string, id: string) => {
  const log = await as(cookie, 'GET', `/api/webhooks/${id}/deliveries`);
  expect(log.statusCode, log.body).toBe(200);
  return (log.json() as { deliveries: WebhookDelivery[] }).deliveries;
};

const deliverDue = (at: Date = new Date()) => t.app.webhooks.deliverDue(at);
const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

/** What the receiver got, each body checked against its signature and the event's schema. */
function verified(secret: string, at?: Date) {
  return receiver.received.map((request) => {
    const header = request.headers['truckfinder-signature'] as string;
    // Checked at the moment it was signed (the clock moves in these tests).
    const signedAt = new Date(Number(/t=(\d+)/.exec(header)![1]) * 1000);
    expect(verifySignature(header, request.body, secret, { now: at ?? signedAt })).toBe(true);
    const body = webhookEventBody.parse(JSON.parse(request.body));
    webhookEventData[body.type].parse(body.data);
    expect(request.headers['truckfinder-event-id']).toBe(body.id);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe('TruckFinder-Webhooks/1.0');
    return { ...body, header };
  });
}

async function book(providerId: string) {
  const booked = await as(driver.cookie, 'POST', '/api/bookings', {
    providerId,
    serviceType: 'Brake Repair',
    location: 'I-35E exit 428',
    preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json().id as string;
}

describe('events from the real flows reach the endpoint, signed', () => {
  it('delivers every event type, each once, with a signature the receiver verifies', async () => {
    const owner = await enterpriseOwner();
    const { secret } = await register(owner.cookie, '/all');
    const types: string[] = [];
    const step = async () => {
      await deliverDue();
      const got = verified(secret);
      receiver.received.length = 0;
      types.push(...got.map((event) => event.type));
      return got;
    };

    const bookingId = await book(owner.providerId);
    const [created] = await step();
    expect(created).toMatchObject({
      type: 'booking.created',
      data: {
        id: bookingId,
        status: 'pending',
        serviceType: 'Brake Repair',
        location: 'I-35E exit 428',
        visitFee: 90,
        driverFirstName: 'Maria',
        technicianId: null,
      },
    });
    // Never the driver's contact details (their digits, not any "555" inside a random id).
    expect(JSON.stringify(created)).not.toMatch(/555-?0177|example\.com|Lopez/);

    for (const status of ['confirmed', 'in_progress', 'completed']) {
      const moved = await as(owner.cookie, 'PATCH', `/api/bookings/${bookingId}`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      const [event] = await step();
      expect(event).toMatchObject({
        type: status === 'completed' ? 'booking.completed' : 'booking.updated',
        data: { id: bookingId, status },
      });
    }

    const paid = await as(driver.cookie, 'POST', '/api/payments', {
      bookingId,
      paymentMethod: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().payment.id as string;
    // Cash counts once its provider confirms it.
    expect(await step()).toEqual([]);
    const confirmed = await as(owner.cookie, 'POST', `/api/payments/${paymentId}/confirm-cash`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await step())[0]).toMatchObject({
      type: 'payment.succeeded',
      data: { id: paymentId, bookingId, amount: 99, method: 'cash' },
    });

    const reviewed = await as(driver.cookie, 'POST', '/api/reviews', {
      bookingId,
      rating: 5,
      comment: 'Fast and fair',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    expect((await step())[0]).toMatchObject({
      type: 'review.created',
      data: { bookingId, rating: 5, comment: 'Fast and fair' },
    });

    const asked = await as(driver.cookie, 'POST', '/api/help-requests', {
      serviceType: 'Brake Repair',
      location: 'I-20 mile 470',
      truckLocation: 'shoulder',
      latitude: 32.78,
      longitude: -96.8,
      providerIds: [owner.providerId],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const helpId = asked.json().id as string;
    expect((await step())[0]).toMatchObject({
      type: 'help_request.offered',
      data: { id: helpId, serviceType: 'Brake Repair', emergency: true, status: 'open' },
    });
    const accepted = await as(owner.cookie, 'POST', `/api/help-requests/${helpId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const taken = await step();
    expect(taken.map((event) => event.type).sort()).toEqual([
      'booking.created',
      'help_request.taken',
    ]);
    expect(taken.find((event) => event.type === 'help_request.taken')).toMatchObject({
      data: { id: helpId, status: 'booked', bookingId: accepted.json().id },
    });

    expect(new Set(types)).toEqual(new Set(webhookEventTypes));
  });

  it('a job paid by card is payment.succeeded once, with the amount charged', async () => {
    const owner = await enterpriseOwner();
    await setUpPayouts(t, owner.cookie);
    const { secret } = await register(owner.cookie, '/card', ['payment.succeeded']);
    const bookingId = await insertCompletedJob(t, {
      driverId: driver.user.id,
      providerId: owner.providerId,
    });
    await saveCard(t, driver.cookie, cards.visa);
    const paid = await payByCard(t, driver.cookie, bookingId);
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json().payment as { id: string; amount: number };
    await deliverDue();
    await deliverDue();
    expect(verified(secret)).toEqual([
      expect.objectContaining({
        type: 'payment.succeeded',
        data: expect.objectContaining({
          id: payment.id,
          bookingId,
          amount: payment.amount,
          method: 'card',
        }),
      }),
    ]);
  });

  it('sends only the events an endpoint chose, and nothing once the plan lapsed', async () => {
    const owner = await enterpriseOwner();
    const { id, secret } = await register(owner.cookie, '/completed', ['booking.completed']);
    await book(owner.providerId);
    await deliverDue();
    expect(receiver.received).toEqual([]);
    expect(await deliveries(owner.cookie, id)).toEqual([]);

    const events = () =>
      t.app.database.db
        .select({ id: integrationEvents.id })
        .from(integrationEvents)
        .where(eq(integrationEvents.providerId, owner.providerId));
    const changed = await as(owner.cookie, 'PATCH', `/api/webhooks/${id}`, {
      events: ['booking.created'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await book(owner.providerId);
    await deliverDue();
    expect(verified(secret).map((event) => event.type)).toEqual(['booking.created']);
    const stored = (await events()).length;

    // The plan ends: the business hears nothing more, and nothing is written for it.
    await t.app.database.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, owner.user.id));
    receiver.received.length = 0;
    await book(owner.providerId);
    await deliverDue();
    expect(receiver.received).toEqual([]);
    expect((await events()).length).toBe(stored);
  });
});

describe('failed deliveries', () => {
  it('retries after a 500 with growing delays until the receiver takes it, with the same event id', async () => {
    const owner = await enterpriseOwner();
    const { id, secret } = await register(owner.cookie, '/flaky', ['booking.created']);
    receiver.reply({ status: 500, body: 'database down' }, { status: 503, body: 'still down' });
    await book(owner.providerId);
    const start = new Date();
    await deliverDue(start);
    const [first] = await deliveries(owner.cookie, id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseBody: 'database down',
    });
    expect(Date.parse(first!.nextAttemptAt!)).toBe(later(start, 1).getTime());

    // Not due yet: nothing is sent.
    await deliverDue(later(start, 0.5));
    expect(receiver.received).toHaveLength(1);
    await deliverDue(later(start, 1));
    const [second] = await deliveries(owner.cookie, id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 503 });
    expect(Date.parse(second!.nextAttemptAt!)).toBe(later(start, 6).getTime());

    await deliverDue(later(start, 6));
    const [done] = await deliveries(owner.cookie, id);
    expect(done).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      responseStatus: 200,
      responseBody: 'ok',
      nextAttemptAt: null,
    });
    const ids = verified(secret).map((event) => event.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);

    // Delivered: never sent again, however often senders run.
    receiver.received.length = 0;
    await deliverDue(later(start, 60 * 30));
    expect(receiver.received).toEqual([]);
  });

  it('never delivers one event twice, even with two senders racing', async () => {
    const owner = await enterpriseOwner();
    const { secret } = await register(owner.cookie, '/race', ['booking.created']);
    for (let i = 0; i < 12; i += 1) await book(owner.providerId);
    const other = createWebhookSender(t.app.database, { publicServer: false, log: t.app.log });
    const now = new Date();
    await Promise.all([deliverDue(now), other.deliverDue(now), deliverDue(now)]);
    const ids = verified(secret).map((event) => event.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    await Promise.all([deliverDue(later(now, 600)), other.deliverDue(later(now, 600))]);
    expect(receiver.received).toHaveLength(12);
  });

  it('does not follow a redirect: a 302 is a failure and its Location is never fetched', async () => {
    const elsewhere = await startReceiver();
    try {
      const owner = await enterpriseOwner();
      const { id } = await register(owner.cookie, '/moved', ['booking.created']);
      receiver.reply({ status: 302, headers: { location: `${elsewhere.url}/stolen` } });
      await book(owner.providerId);
      await deliverDue();
      expect(receiver.received).toHaveLength(1);
      expect(elsewhere.received).toEqual([]);
      expect(elsewhere.connections()).toBe(0);
      expect((await deliveries(owner.cookie, id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        responseStatus: 302,
      });
    } finally {
      await elsewhere.close();
    }
  });

  it('records an unreachable receiver as a failure with the reason', async () => {
    const owner = await enterpriseOwner();
    const gone = await startReceiver();
    await gone.close();
    const created = await as(owner.cookie, 'POST', '/api/webhooks', {
      url: `${gone.url}/hook`,
      events: ['booking.created'],
    });
    const { id } = created.json() as { id: string };
    await book(owner.providerId);
    await deliverDue();
    expect((await deliveries(owner.cookie, id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      responseBody: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('turns off an endpoint failing for a day, stops what waited, and tells its owner in the app and by email', async () => {
    const owner = await enterpriseOwner();
    await confirmContacts(t.app, owner.user.id, { email: true });
    const { id } = await register(owner.cookie, '/down', ['booking.created']);
    receiver.reply(...Array.from({ length: 20 }, () => ({ status: 500, body: 'down' })));
    await book(owner.providerId);
    const start = new Date();
    // Each attempt when it is due: 1 m, 5 m, 30 m, 2 h, 5 h, 10 h later, then the 24th hour.
    for (const minutes of [0, 1, 6, 36, 156, 456, 1056, 1440, 1441])
      await deliverDue(later(start, minutes));
    const endpoints = (await as(owner.cookie, 'GET', '/api/webhooks')).json() as WebhookEndpoint[];
    expect(endpoints.find((e) => e.id === id)).toMatchObject({
      status: 'disabled',
      disabledReason: expect.stringMatching(/every delivery failed for 24 hours/),
    });
    const [delivery] = await deliveries(owner.cookie, id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });

    const notices = (await as(owner.cookie, 'GET', '/api/notifications')).json() as {
      title: string;
      message: string;
    }[];
    expect(notices[0]).toMatchObject({
      title: 'Webhook endpoint turned off',
      message: expect.stringContaining(`Your webhook endpoint ${receiver.url}/down was turned off`),
    });
    await drainDeliveries(t.app);
    const [mail] = await t.app.database.db
      .select({ subject: outboxEmails.subject, text: outboxEmails.text })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, owner.account.email)))
      .orderBy(desc(outboxEmails.createdAt))
      .limit(1);
    expect(mail).toMatchObject({
      subject: 'Truck Finder: Webhook endpoint turned off',
      text: expect.stringContaining('was turned off after failing for a day'),
    });

    // Off: new events are not queued, a test event is refused until it is turned on again.
    receiver.received.length = 0;
    await book(owner.providerId);
    await deliverDue(later(start, 1500));
    expect(receiver.received).toEqual([]);
    expect((await as(owner.cookie, 'POST', `/api/webhooks/${id}/test`)).statusCode).toBe(409);
    const on = await as(owner.cookie, 'PATCH', `/api/webhooks/${id}`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'enabled', disabledReason: null });
    expect((await as(owner.cookie, 'POST', `/api/webhooks/${id}/test`)).statusCode).toBe(202);
    await deliverDue();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['test.ping']);
  });
});

describe('turning an endpoint off', () => {
  it('gives up what waited, and sends nothing more until it is on again', async () => {
    const owner = await enterpriseOwner();
    const { id } = await register(owner.cookie, '/paused', ['booking.created']);
    await book(owner.providerId);
    const off = await as(owner.cookie, 'PATCH', `/api/webhooks/${id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      status: 'disabled',
      disabledReason: 'Turned off by the owner',
    });
    await book(owner.providerId);
    await deliverDue();
    expect(receiver.received).toEqual([]);
    expect(await deliveries(owner.cookie, id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 0,
        responseBody: 'Not sent: the endpoint was turned off',
      }),
    ]);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the overlap, then with the new one only', async () => {
    const owner = await enterpriseOwner();
    const { id, secret: old } = await register(owner.cookie, '/rotate', ['booking.created']);
    const rotated = await as(owner.cookie, 'POST', `/api/webhooks/${id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    const listed = (await as(owner.cookie, 'GET', '/api/webhooks')).json() as WebhookEndpoint[];
    const expires = listed.find((e) => e.id === id)!.previousSecretExpiresAt!;
    expect(Date.parse(expires) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    expect((await as(owner.cookie, 'POST', `/api/webhooks/${id}/test`)).statusCode).toBe(202);
    await deliverDue();
    const [during] = verified(secret);
    expect(during!.header.match(/v1=/g)).toHaveLength(2);
    expect(verified(old)).toHaveLength(1);

    receiver.received.length = 0;
    const after = new Date(Date.parse(expires) + 60_000);
    expect((await as(owner.cookie, 'POST', `/api/webhooks/${id}/test`)).statusCode).toBe(202);
    await deliverDue(after);
    const [single] = verified(secret, after);
    expect(single!.header.match(/v1=/g)).toHaveLength(1);
    const header = receiver.received[0]!.headers['truckfinder-signature'] as string;
    expect(verifySignature(header, receiver.received[0]!.body, old, { now: after })).toBe(false);
  });
});
