import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../../core/integrations/webhooks.ts';
import { MAX_WEBHOOK_ENDPOINTS } from '../../../core/integrations/webhook-rules.ts';
import { subscribe } from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';
import { startReceiver, type Receiver } from './test-receiver.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: TestTeam;
let other: TestAccount;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp();
  team = await setUpTeam(t, 'enterprise');
  other = await signUp(t.app, { role: 'mechanic' });
  await insertOwnedProvider(t.app.database.db, other.user.id);
  await subscribe(t, other.cookie, 'enterprise');
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.api({ method, url, headers, ...(payload ? { payload } : {}) });
const as = (cookie: string, method: Method, url: string, payload?: object) =>
  call(method, url, { cookie }, payload);
const owner = () => team.owner.cookie;

async function register(cookie = owner(), events = ['booking.created']) {
  const created = await as(cookie, 'POST', '/api/webhooks', {
    url: `${receiver.url}/hooks/${Math.random().toString(36).slice(2)}`,
    events,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; secret: string };
}

describe('the owner manages endpoints', () => {
  it('registers one and sees its secret once; the list never shows it', async () => {
    const { id, secret } = await register(owner(), ['booking.created', 'review.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await as(owner(), 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect((list.json() as WebhookEndpoint[]).find((e) => e.id === id)).toMatchObject({
      url: expect.stringContaining(receiver.url),
      events: ['booking.created', 'review.created'],
      status: 'enabled',
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
  });

  it('changes its events, removes it, and then it is gone', async () => {
    const { id } = await register();
    const changed = await as(owner(), 'PATCH', `/api/webhooks/${id}`, {
      events: ['payment.succeeded'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, events: ['payment.succeeded'] });
    expect((await as(owner(), 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
    expect((await as(owner(), 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await as(owner(), 'GET', `/api/webhooks/${id}/deliveries`)).statusCode).toBe(404);
  });

  it('sends a test event, lists it in the log, and resends it with the same event id', async () => {
    const { id } = await register();
    const queued = await as(owner(), 'POST', `/api/webhooks/${id}/test`);
    expect(queued.statusCode, queued.body).toBe(202);
    const { eventId, deliveryId } = queued.json() as { eventId: string; deliveryId: string };
    const log = async () =>
      (await as(owner(), 'GET', `/api/webhooks/${id}/deliveries`)).json() as {
        deliveries: WebhookDelivery[];
        total: number;
      };
    expect(await log()).toEqual({
      total: 1,
      deliveries: [
        expect.objectContaining({
          id: deliveryId,
          eventId,
          eventType: 'test.ping',
          status: 'pending',
          attempts: 0,
        }),
      ],
    });
    await t.app.webhooks.deliverDue();
    expect((await log()).deliveries[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    const resent = await as(owner(), 'POST', `/api/webhooks/${id}/deliveries/${deliveryId}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ eventId, deliveryId });
    await t.app.webhooks.deliverDue();
    expect((await log()).deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const sent = receiver.received.filter((r) => JSON.parse(r.body).id === eventId);
    expect(sent).toHaveLength(2);
  });

  it('pages the log, newest first, at most 100 a page', async () => {
    const { id } = await register();
    for (let i = 0; i < 3; i += 1)
      expect((await as(owner(), 'POST', `/api/webhooks/${id}/test`)).statusCode).toBe(202);
    const page = await as(owner(), 'GET', `/api/webhooks/${id}/deliveries?pageSize=2&page=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3 });
    expect(page.json().deliveries).toHaveLength(1);
    await t.app.webhooks.deliverDue();
  });

  it(`allows ${MAX_WEBHOOK_ENDPOINTS} endpoints per business`, async () => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    await insertOwnedProvider(t.app.database.db, owner.user.id);
    await subscribe(t, owner.cookie, 'enterprise');
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i += 1) await register(owner.cookie);
    const more = await as(owner.cookie, 'POST', '/api/webhooks', {
      url: `${receiver.url}/one-more`,
      events: ['booking.created'],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe('A business has at most 10 webhook endpoints: remove one first');
  });
});

describe('who may manage webhooks', () => {
  it("answers another business's endpoint ids as missing", async () => {
    const { id } = await register();
    const delivery = (await as(owner(), 'POST', `/api/webhooks/${id}/test`)).json().deliveryId;
    for (const [method, url, payload] of [
      ['PATCH', `/api/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${id}`],
      ['POST', `/api/webhooks/${id}/test`],
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['POST', `/api/webhooks/${id}/deliveries/${delivery}/resend`],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
    ] as [Method, string, object?][]) {
      const answer = await as(other.cookie, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().error).toBe('Webhook endpoint not found');
    }
    expect((await as(other.cookie, 'GET', '/api/webhooks')).body).not.toContain(id);
    // Another endpoint's delivery id through one's own endpoint: missing too.
    const mine = await register(other.cookie);
    const crossed = await as(
      other.cookie,
      'POST',
      `/api/webhooks/${mine.id}/deliveries/${delivery}/resend`,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toBe('Delivery not found');
    await t.app.webhooks.deliverDue();
  });

  it('refuses dispatchers, technicians, drivers and the signed out', async () => {
    const driver = await signUp(t.app);
    for (const cookie of [team.dispatcher.cookie, team.technician.cookie, driver.cookie]) {
      expect((await as(cookie, 'GET', '/api/webhooks')).statusCode).toBe(403);
      expect(
        (
          await as(cookie, 'POST', '/api/webhooks', {
            url: `${receiver.url}/x`,
            events: ['booking.created'],
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/api/webhooks', {})).statusCode).toBe(401);
  });

  it.each(['basic', 'premium'] as const)(
    'refuses an owner on %s with the plan line',
    async (plan) => {
      const owner = await signUp(t.app, { role: 'mechanic' });
      await insertOwnedProvider(t.app.database.db, owner.user.id);
      await subscribe(t, owner.cookie, plan);
      for (const [method, url, payload] of [
        ['GET', '/api/webhooks'],
        ['POST', '/api/webhooks', { url: `${receiver.url}/x`, events: ['booking.created'] }],
      ] as [Method, string, object?][]) {
        const answer = await as(owner.cookie, method, url, payload);
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error).toBe(featureGateMessage('customIntegrations'));
      }
    },
  );

  it('works with an API token that has webhooks:manage, and no other', async () => {
    const token = async (scopes: string[]) => {
      const created = await as(owner(), 'POST', '/api/api-tokens', { name: scopes[0], scopes });
      expect(created.statusCode, created.body).toBe(201);
      return { authorization: `Bearer ${(created.json() as { token: string }).token}` };
    };
    const manage = await token(['webhooks:manage']);
    const registered = await call('POST', '/api/webhooks', manage, {
      url: `${receiver.url}/by-token`,
      events: ['booking.completed'],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { id } = registered.json() as { id: string };
    expect((await as(owner(), 'GET', '/api/webhooks')).body).toContain(id);
    expect((await call('POST', `/api/webhooks/${id}/test`, manage)).statusCode).toBe(202);
    const reading = await token(['bookings:read']);
    const refused = await call('GET', '/api/webhooks', reading);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/webhooks:manage/);
    await t.app.webhooks.deliverDue();
  });

  it('answers a mechanic with no business 404', async () => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    expect((await as(owner.cookie, 'GET', '/api/webhooks')).statusCode).toBe(404);
  });
});

describe('bad input answers 400 with the field', () => {
  it.each([
    [{ events: ['booking.created'] }, 'url'],
    [{ url: 'not a url', events: ['booking.created'] }, 'url'],
    [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['booking.created'] }, 'url'],
    [{ url: 'ftp://example.com/hook', events: ['booking.created'] }, 'url'],
    [{ url: 'https://example.com/hook' }, 'events'],
    [{ url: 'https://example.com/hook', events: [] }, 'events'],
    [{ url: 'https://example.com/hook', events: ['booking.deleted'] }, 'events.0'],
    [{ url: 'https://example.com/hook', events: ['test.ping'] }, 'events.0'],
    [{ url: 'https://example.com/hook', events: ['booking.created', 'booking.created'] }, 'events'],
  ])('POST %j → %s', async (payload, field) => {
    const answer = await as(owner(), 'POST', '/api/webhooks', payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ error: expect.any(String) });
    expect(answer.json().fields).toHaveProperty([field]);
  });

  it('refuses a bad change, a bad id and a bad page', async () => {
    const { id } = await register();
    for (const payload of [{}, { enabled: 'yes' }, { events: [] }]) {
      const answer = await as(owner(), 'PATCH', `/api/webhooks/${id}`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.any(String) });
    }
    expect((await as(owner(), 'PATCH', '/api/webhooks/nope', { enabled: true })).statusCode).toBe(
      400,
    );
    expect((await as(owner(), 'POST', '/api/webhooks/nope/test')).statusCode).toBe(400);
    expect(
      (await as(owner(), 'POST', `/api/webhooks/${id}/deliveries/nope/resend`)).statusCode,
    ).toBe(400);
    for (const query of ['pageSize=101', 'pageSize=0', 'page=0', 'page=x'])
      expect(
        (await as(owner(), 'GET', `/api/webhooks/${id}/deliveries?${query}`)).statusCode,
        query,
      ).toBe(400);
  });
});
