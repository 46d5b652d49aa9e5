import { expect } from 'vitest';
import type { MockSubscription, startMockPushService } from './mock-push-server.ts';
import type { createTestApp } from './test-app.ts';

export { startMockPushService, type MockSubscription } from './mock-push-server.ts';

/**
 * A new device at `mock`, registered with the app by the signed-in user of `cookie` through
 * `POST /api/push/subscriptions`, as the web app does it.
 */
export async function registerMockDevice(
  testApp: Awaited<ReturnType<typeof createTestApp>>,
  mock: Awaited<ReturnType<typeof startMockPushService>>,
  cookie: string,
): Promise<MockSubscription> {
  const device = await mock.subscribe(testApp.app.push.publicKey());
  const response = await testApp.api({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie },
    payload: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
  });
  expect(response.statusCode, response.body).toBe(201);
  return device;
}
