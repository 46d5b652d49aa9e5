// web-push-testing's mock push service, run in this process: the API tests and the end-to-end
// journey (which has no vitest) both use it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface TestingServer {
  _app: { listen(port: number, host: string, ready: () => void): Server };
  setRequestHandlers(): void;
}
type TestingServerClass = new (model: { notifyUrl: string }, port: number) => TestingServer;

/** A browser's subscription as `PushSubscription.toJSON()` gives it, and the mock's id for it. */
export interface MockSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * web-push-testing's mock push service, in this process on a free loopback port: it checks the
 * VAPID signature against the key a device subscribed with, decrypts what it receives (RFC 8291)
 * and answers 410 for a subscription it was told has expired. Its own start-up picks a fixed port
 * on every interface and exits the process on an error, so its express app is listened here.
 */
export async function startMockPushService() {
  const Testing = require('web-push-testing/src/server.js') as TestingServerClass;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => { notifyUrl: string };
  };
  const model = new PushApiModel();
  const testing = new Testing(model, 0);
  testing.setRequestHandlers();
  const server = await new Promise<Server>((resolve) => {
    const listening = testing._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${base}/notify/`;

  async function post(path: string, body: unknown) {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    // Some answers are a bare "OK".
    return text.startsWith('{') ? (JSON.parse(text) as { data?: unknown }).data : undefined;
  }

  return {
    /** Subscribes a new device with the server's VAPID public key, as a browser would. */
    subscribe: async (applicationServerKey: string) =>
      (await post('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey,
      })) as MockSubscription,
    /** The decrypted payloads the device received, oldest first. */
    messages: async (clientHash: string) =>
      ((await post('/get-notifications', { clientHash })) as { messages: string[] }).messages,
    /** From now on the push service answers 410 Gone for this device. */
    expire: (clientHash: string) => post(`/expire-subscription/${clientHash}`, {}),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
