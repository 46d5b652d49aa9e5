import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { createTestApp, sessionCookie, signUp, type TestAccount } from '../../test/test-app.ts';
import { MAX_DEVICES_PER_USER } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(() => t?.close());

let deviceCounter = 0;
/** A subscription shaped as a browser gives it, at a new https endpoint. */
function device(overrides: Record<string, unknown> = {}) {
  deviceCounter += 1;
  return {
    endpoint: `https://push.example.net/send/device-${deviceCounter}-${Date.now().toString(36)}`,
    expirationTime: null,
    keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
    ...overrides,
  };
}

const subscribe = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.api({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie, ...headers },
    payload: payload as object,
  });
const unsubscribe = (cookie: string, endpoint: string) =>
  t.api({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    headers: { cookie },
    payload: { endpoint },
  });
const rowsOf = (endpoint: string) =>
  t.app.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key in base64url, and never the private one', async () => {
    const response = await t.api({
      method: 'GET',
      url: '/api/push/public-key',
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/) });
  });
});

describe('POST /api/push/subscriptions', () => {
  it('stores a device (201) and answers its id, endpoint and time, with a trimmed user agent', async () => {
    const sent = device();
    const response = await subscribe(owner.cookie, sent, { 'user-agent': '  Firefox/140  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      endpoint: sent.endpoint,
      createdAt: expect.any(String),
    });
    const [row] = await rowsOf(sent.endpoint);
    expect(row).toMatchObject({ userId: owner.user.id, userAgent: 'Firefox/140', ...sent.keys });
  });

  it('updates the same device posted again by its owner (200), keeping its id', async () => {
    const sent = device();
    const first = (await subscribe(owner.cookie, sent)).json();
    const newKeys = { p256dh: `B${'c'.repeat(86)}`, auth: 'd'.repeat(22) };
    const again = await subscribe(owner.cookie, { ...sent, keys: newKeys });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await rowsOf(sent.endpoint)).toEqual([expect.objectContaining(newKeys)]);
  });

  it('moves a device another user had to the one signed in on it now (201)', async () => {
    const sent = device();
    await subscribe(owner.cookie, sent);
    const next = await signUp(t.app);
    const moved = await subscribe(next.cookie, sent);
    expect(moved.statusCode).toBe(201);
    expect(await rowsOf(sent.endpoint)).toEqual([
      expect.objectContaining({ userId: next.user.id }),
    ]);
  });

  it(`keeps at most ${MAX_DEVICES_PER_USER} devices a user, dropping the least recently used`, async () => {
    const busy = await signUp(t.app);
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_DEVICES_PER_USER; i += 1) {
      const sent = device();
      endpoints.push(sent.endpoint);
      expect((await subscribe(busy.cookie, sent)).statusCode).toBe(201);
    }
    const kept = await t.app.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, busy.user.id));
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept.map((row) => row.endpoint)).not.toContain(endpoints[0]);
    expect(kept.map((row) => row.endpoint)).toContain(endpoints.at(-1));
  });

  it('accepts a loopback http endpoint on a server only this machine reaches', async () => {
    const response = await subscribe(
      owner.cookie,
      device({ endpoint: 'http://127.0.0.1:9/notify/local' }),
    );
    expect(response.statusCode).toBe(201);
  });

  const bad: [string, unknown, string][] = [
    ['no body fields', {}, 'endpoint'],
    ['an endpoint that is not a URL', device({ endpoint: 'push-service' }), 'endpoint'],
    ['an ftp endpoint', device({ endpoint: 'ftp://push.example.net/x' }), 'endpoint'],
    [
      'an http endpoint that is not loopback',
      device({ endpoint: 'http://push.example.net/x' }),
      'endpoint',
    ],
    [
      'an endpoint over 1024 characters',
      device({ endpoint: `https://p.example/${'x'.repeat(1024)}` }),
      'endpoint',
    ],
    ['no keys', { endpoint: 'https://push.example.net/k' }, 'keys'],
    ['a short p256dh', device({ keys: { p256dh: 'BAAA', auth: 'b'.repeat(22) } }), 'keys.p256dh'],
    [
      'a p256dh that is not base64url',
      device({ keys: { p256dh: `B${'+'.repeat(86)}`, auth: 'b'.repeat(22) } }),
      'keys.p256dh',
    ],
    [
      'a long auth',
      device({ keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(40) } }),
      'keys.auth',
    ],
    ['a text expirationTime', device({ expirationTime: 'soon' }), 'expirationTime'],
  ];
  for (const [what, payload, field] of bad)
    it(`refuses ${what} with 400 and a message for ${field}`, async () => {
      const response = await subscribe(owner.cookie, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: expect.any(String),
        fields: expect.objectContaining({ [field]: expect.any(String) }),
      });
    });

  it("takes only a browser's push service on a server others reach", async () => {
    const open = await createTestApp({ host: '0.0.0.0' });
    try {
      const user = await signUp(open.app);
      const post = (endpoint: string) =>
        open.api({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie: user.cookie },
          payload: device({ endpoint }),
        });
      const refused = {
        'http://127.0.0.1:9/notify/local': 'endpoint must be an https address',
        'https://10.0.0.5/admin/reset': "endpoint must be a browser's push service",
        'https://fcm.googleapis.com.attacker.example/send/x':
          "endpoint must be a browser's push service",
      };
      for (const [endpoint, message] of Object.entries(refused)) {
        const response = await post(endpoint);
        expect(response.statusCode, endpoint).toBe(400);
        expect(response.json().fields).toEqual({ endpoint: message });
      }
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/abc',
        'https://web.push.apple.com/QGx3abc',
        'https://wns2-by3p.notify.windows.com/w/?token=abc',
      ])
        expect((await post(endpoint)).statusCode, endpoint).toBe(201);
    } finally {
      await open.close();
    }
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('deletes the caller’s own device (204)', async () => {
    const sent = device();
    await subscribe(owner.cookie, sent);
    expect((await unsubscribe(owner.cookie, sent.endpoint)).statusCode).toBe(204);
    expect(await rowsOf(sent.endpoint)).toEqual([]);
  });

  it('answers 404 for another user’s device and leaves it, as for a device that is gone', async () => {
    const sent = device();
    await subscribe(owner.cookie, sent);
    const stranger = await signUp(t.app);
    const refused = await unsubscribe(stranger.cookie, sent.endpoint);
    expect(refused.statusCode).toBe(404);
    expect(await rowsOf(sent.endpoint)).toHaveLength(1);
    expect((await unsubscribe(owner.cookie, 'https://push.example.net/never')).statusCode).toBe(
      404,
    );
  });

  it('refuses a body without an endpoint (400)', async () => {
    const response = await t.api({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ endpoint: expect.any(String) });
  });
});

describe('sign-out', () => {
  it('deletes the subscriptions made in that session only', async () => {
    const phone = await signUp(t.app);
    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: phone.account.email, password: phone.account.password },
    });
    const laptopCookie = sessionCookie(login)!;
    const onPhone = device();
    const onLaptop = device();
    await subscribe(phone.cookie, onPhone);
    await subscribe(laptopCookie, onLaptop);
    const out = await t.api({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: phone.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await rowsOf(onPhone.endpoint)).toEqual([]);
    expect(await rowsOf(onLaptop.endpoint)).toHaveLength(1);
  });
});
