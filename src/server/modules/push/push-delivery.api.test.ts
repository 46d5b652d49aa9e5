import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import {
  registerMockDevice,
  startMockPushService,
  type MockSubscription,
} from '../../test/mock-push-service.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mock: Awaited<ReturnType<typeof startMockPushService>>;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp();
  mock = await startMockPushService();
  publicKey = t.app.push.publicKey();
});
afterAll(async () => {
  await mock?.close();
  await t?.close();
});

/** A new account with one device subscribed through the API, as the web app will do it. */
async function subscribedUser(): Promise<{ user: TestAccount; device: MockSubscription }> {
  const user = await signUp(t.app);
  const device = await registerMockDevice(t, mock, user.cookie);
  return { user, device };
}

const stored = async (endpoint: string) =>
  t.app.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));

const message = {
  title: 'New booking request',
  body: 'Brake repair, tomorrow morning. Open it to accept or decline.',
  url: '/bookings/5b0f6a44-1111-4c0e-9d7e-000000000001',
  tag: 'booking-5b0f6a44-1111-4c0e-9d7e-000000000001',
};

describe('Web Push delivery', () => {
  it('sends an encrypted message (RFC 8291) that the push service decrypts to the payload', async () => {
    const { user, device } = await subscribedUser();
    const outcomes = await t.app.push.pushToUser(user.user.id, { ...message, urgent: true });
    expect(outcomes).toEqual([{ subscriptionId: expect.any(String), result: 'sent' }]);
    expect((await mock.messages(device.clientHash)).map((m) => JSON.parse(m))).toEqual([
      { ...message, urgent: true },
    ]);
  });

  it('sends to every device of the user and tells what happened on each', async () => {
    const { user, device } = await subscribedUser();
    const second = await registerMockDevice(t, mock, user.cookie);
    const outcomes = await t.app.push.pushToUser(user.user.id, message);
    expect(outcomes.map((o) => o.result)).toEqual(['sent', 'sent']);
    expect(await mock.messages(device.clientHash)).toHaveLength(1);
    expect(await mock.messages(second.clientHash)).toHaveLength(1);
  });

  it('deletes a subscription the push service reports expired (410), and keeps the others', async () => {
    const { user, device } = await subscribedUser();
    const kept = await registerMockDevice(t, mock, user.cookie);
    await mock.expire(device.clientHash);
    const outcomes = await t.app.push.pushToUser(user.user.id, message);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { subscriptionId: expect.any(String), result: 'gone', status: 410 },
        { subscriptionId: expect.any(String), result: 'sent' },
      ]),
    );
    expect(await stored(device.endpoint)).toEqual([]);
    expect(await stored(kept.endpoint)).toHaveLength(1);
  });

  it('deletes a subscription the push service does not know (404)', async () => {
    const { user, device } = await subscribedUser();
    // A push service that lost the device: every message answers 404 Not Found.
    const lost = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(404).end());
    });
    await new Promise<void>((resolve) => lost.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(lost.address() as AddressInfo).port}/push/lost`;
    try {
      await t.app.database.db
        .update(pushSubscriptions)
        .set({ endpoint })
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
      expect(await t.app.push.pushToUser(user.user.id, message)).toEqual([
        { subscriptionId: expect.any(String), result: 'gone', status: 404 },
      ]);
      expect(await stored(endpoint)).toEqual([]);
    } finally {
      lost.closeAllConnections();
      await new Promise((resolve) => lost.close(resolve));
    }
  });

  it('answers another refusal with its status for a later retry, and keeps the subscription', async () => {
    const { user, device } = await subscribedUser();
    // The mock knows no device at this address: it answers 400, not 404.
    const unknown = device.endpoint.replace(/[^/]+$/, 'not-a-device');
    await t.app.database.db
      .update(pushSubscriptions)
      .set({ endpoint: unknown })
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const [outcome] = await t.app.push.pushToUser(user.user.id, message);
    expect(outcome).toMatchObject({ result: 'failed', status: 400, retry: false });
    expect(await stored(unknown)).toHaveLength(1);
  });

  it('marks an unreachable push service as worth retrying', async () => {
    const { user } = await subscribedUser();
    const closed = await startMockPushService();
    const device = await closed.subscribe(publicKey);
    await closed.close();
    await t.api({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: user.cookie },
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    const outcomes = await t.app.push.pushToUser(user.user.id, message);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ result: 'failed', status: null, retry: true }),
      ]),
    );
  });

  it('refuses a message that is not a path of the app or is too long, before sending', async () => {
    const { user } = await subscribedUser();
    await expect(
      t.app.push.pushToUser(user.user.id, { ...message, url: 'https://elsewhere.example/' }),
    ).rejects.toThrow(/path of the app/);
    await expect(
      t.app.push.pushToUser(user.user.id, { ...message, body: 'x'.repeat(301) }),
    ).rejects.toThrow();
  });
});
