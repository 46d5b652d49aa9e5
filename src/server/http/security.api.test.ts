import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createTestApp, inject, newAccount, sessionCookie, signUp } from '../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A second server on the same database with these settings, closed after `use`. */
async function withServer(
  overrides: Partial<Config>,
  use: (app: FastifyInstance) => Promise<void>,
) {
  const app = await buildApp({ ...t.config, ...overrides }, { database: t.app.database });
  await app.ready();
  try {
    await use(app);
  } finally {
    await app.close();
  }
}

const PUBLIC = { publicUrl: 'https://truckfinder.example' };
const wrongLogin = (headers: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'nobody@example.com', password: 'wrong password' },
  headers,
});

describe('writes only from our own origin', () => {
  it('refuses a write whose Origin is not PUBLIC_URL’s, in the JSON error shape', async () => {
    await withServer(PUBLIC, async (app) => {
      for (const origin of [
        'https://evil.example',
        'http://truckfinder.example',
        'https://truckfinder.example:8443',
        'https://evil.truckfinder.example',
        'http://127.0.0.1:5000',
        'null',
      ]) {
        const response = await inject(app, wrongLogin({ origin }));
        expect(response.statusCode, origin).toBe(403);
        expect(response.json(), origin).toEqual({
          error: 'Requests from other sites are not allowed',
        });
      }
      expect(
        (await inject(app, wrongLogin({ origin: 'https://truckfinder.example' }))).statusCode,
      ).toBe(401);
      // No Origin at all (a client that is no browser, or an older one): the other checks hold.
      expect((await inject(app, wrongLogin({}))).statusCode).toBe(401);
    });
  });

  it('refuses every unsafe method, and leaves reads alone', async () => {
    const { cookie } = await signUp(t.app);
    const origin = 'https://evil.example';
    for (const [method, url] of [
      ['POST', '/api/auth/logout'],
      ['PATCH', '/api/notifications/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/notifications/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/bookings/00000000-0000-4000-8000-000000000000/position'],
    ] as const) {
      const response = await t.api({ method, url, headers: { cookie, origin } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await t.api({ method: 'GET', url: '/api/auth/me', headers: { cookie, origin } })).statusCode,
    ).toBe(200);
    expect(
      (await t.api({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('still refuses cross-site writes by Sec-Fetch-Site', async () => {
    await withServer(PUBLIC, async (app) => {
      const response = await inject(
        app,
        wrongLogin({ origin: 'https://truckfinder.example', 'sec-fetch-site': 'cross-site' }),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('Cross-site requests are not allowed');
    });
  });

  it('on a loopback PUBLIC_URL (local demo, development behind Vite) takes any loopback origin', async () => {
    expect(t.config.publicUrl).toMatch(/^http:\/\/localhost:/);
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:5000', 'http://[::1]:5000'])
      expect((await t.api(wrongLogin({ origin }))).statusCode, origin).toBe(401);
    expect((await t.api(wrongLogin({ origin: 'http://192.168.1.9:5000' }))).statusCode).toBe(403);
  });
});

describe('writes only as JSON or multipart', () => {
  it('refuses a body a cross-site form could send (text/plain, urlencoded), in the JSON error shape', async () => {
    const { cookie } = await signUp(t.app);
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await t.api({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, 'content-type': type },
        payload: 'x=1',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error, type).toMatch(/application\/json/);
    }
    expect(
      (await t.api({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('refuses a body without a content type', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    });
    expect(response.statusCode).toBe(415);
  });

  it('keeps JSON (with a charset), and body-less writes without a content type', async () => {
    const account = newAccount();
    const registered = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(account),
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered)!;
    const readAll = await t.api({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie },
    });
    expect(readAll.statusCode).toBe(200);
    const logout = await t.api({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
  });

  it('leaves the signed payment webhook to its own checks', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': 't=1,v1=00',
      },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/Webhook verification failed/);
  });
});

describe('published over https', () => {
  it('sends a Secure __Host- session cookie (Path=/, no Domain) that signs in and out', async () => {
    await withServer(PUBLIC, async (app) => {
      const response = await inject(app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount(),
      });
      expect(response.statusCode).toBe(201);
      expect(response.cookies).toHaveLength(1);
      const cookie = response.cookies[0]!;
      expect(cookie).toMatchObject({
        name: '__Host-tf_session',
        secure: true,
        httpOnly: true,
        path: '/',
        sameSite: 'Lax',
      });
      expect(cookie.domain).toBeUndefined();
      const header = `${cookie.name}=${cookie.value}`;
      const me = await inject(app, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: header },
      });
      expect(me.statusCode).toBe(200);
      // The plain name is not read: only the browser's __Host- cookie counts.
      const plain = await inject(app, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `tf_session=${cookie.value}` },
      });
      expect(plain.statusCode).toBe(401);
      const logout = await inject(app, {
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: header },
      });
      expect(logout.cookies.find((c) => c.name === '__Host-tf_session')).toMatchObject({
        value: '',
        secure: true,
        path: '/',
      });
    });
  });

  it('sends HSTS for a year, subdomains included', async () => {
    await withServer(PUBLIC, async (app) => {
      const response = await inject(app, { method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    });
  });

  it('over http (local use, tests) keeps the plain cookie and sends no HSTS', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
    });
    const cookie = response.cookies[0]!;
    expect(cookie.name).toBe('tf_session');
    expect(cookie.secure).toBeFalsy();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
