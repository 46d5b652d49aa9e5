import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../../core/integrations/webhooks.ts';
import { insertPlan } from '../../test/business-fixtures.repository.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';
import { createWebhookSender } from './index.ts';
import { startReceiver, type Receiver } from './test-receiver.ts';
import { insertEndpoint } from './webhooks.repository.ts';

/** A server others can reach (it listens on every interface): webhooks go to public addresses only. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestAccount & { providerId: string };
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ host: '0.0.0.0' });
  const account = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, account.user.id);
  await insertPlan(t.app.database.db, account.user.id, 'enterprise');
  owner = { ...account, providerId: provider.id };
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const register = (url: string) =>
  t.api({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: owner.cookie },
    payload: { url, events: ['booking.created'] },
  });

/** Sends a test event to the endpoint with the sender given; answers its delivery. */
async function testDelivery(
  id: string,
  deliverDue: (now?: Date) => Promise<void> = (now) => t.app.webhooks.deliverDue(now),
) {
  const queued = await t.api({
    method: 'POST',
    url: `/api/webhooks/${id}/test`,
    headers: { cookie: owner.cookie },
  });
  expect(queued.statusCode, queued.body).toBe(202);
  await deliverDue(new Date());
  const log = await t.api({
    method: 'GET',
    url: `/api/webhooks/${id}/deliveries`,
    headers: { cookie: owner.cookie },
  });
  return (log.json() as { deliveries: WebhookDelivery[] }).deliveries[0]!;
}

describe('registration on a public server', () => {
  it.each([
    ['http://hooks.example.com/truck', 'Use an https:// URL'],
    [
      `https://127.0.0.1:${443}/hook`,
      'This address is private: use a public address the internet can reach',
    ],
    [
      'https://10.0.0.1/hook',
      'This address is private: use a public address the internet can reach',
    ],
    [
      'https://169.254.169.254/latest/meta-data',
      'This address is private: use a public address the internet can reach',
    ],
    ['https://[::1]/hook', 'This address is private: use a public address the internet can reach'],
    [
      'https://[::ffff:192.168.0.1]/hook',
      'This address is private: use a public address the internet can reach',
    ],
  ])('refuses %s', async (url, message) => {
    const answer = await register(url);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ error: message, fields: { url: message } });
  });

  it('takes an https URL with a name: its addresses are checked at each delivery', async () => {
    const answer = await register('https://hooks.example.com/truck');
    expect(answer.statusCode, answer.body).toBe(201);
  });
});

describe('each delivery on a public server', () => {
  it('refuses localhost after DNS without connecting', async () => {
    const answer = await register(`https://localhost:${receiver.port}/hook`);
    expect(answer.statusCode, answer.body).toBe(201);
    const delivery = await testDelivery(answer.json().id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      responseBody: 'Refused: localhost is this machine',
    });
    expect(receiver.connections()).toBe(0);
  });

  // Stored as an older server or a changed setting could have left them.
  it.each([
    [`https://127.0.0.1:${0}/hook`, '127.0.0.1'],
    ['https://10.0.0.1/hook', '10.0.0.1'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ])('refuses %s without connecting', async (url, address) => {
    const id = await insertEndpoint(t.app.database.db, {
      providerId: owner.providerId,
      url: url.replace(':0/', `:${receiver.port}/`),
      events: ['booking.created'],
      secret: 'whsec_test',
    });
    const delivery = await testDelivery(id);
    expect(delivery).toMatchObject({
      status: 'pending',
      responseStatus: null,
      responseBody: `Refused: ${address} resolves to a private address (${address})`,
    });
    expect(receiver.connections()).toBe(0);
  });

  it('refuses an http URL left from before', async () => {
    const id = await insertEndpoint(t.app.database.db, {
      providerId: owner.providerId,
      url: `http://127.0.0.1:${receiver.port}/hook`,
      events: ['booking.created'],
      secret: 'whsec_test',
    });
    expect((await testDelivery(id)).responseBody).toBe(
      'Refused: a public server sends to https:// URLs only',
    );
    expect(receiver.connections()).toBe(0);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const answer = await register('https://rebind.example.com/hook');
    expect(answer.statusCode, answer.body).toBe(201);
    const sender = createWebhookSender(t.app.database, {
      publicServer: true,
      log: t.app.log,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:10.0.0.7', family: 6 },
      ],
    });
    const delivery = await testDelivery(answer.json().id, (now) => sender.deliverDue(now));
    expect(delivery.responseBody).toBe(
      'Refused: rebind.example.com resolves to a private address (::ffff:10.0.0.7)',
    );
  });
});
