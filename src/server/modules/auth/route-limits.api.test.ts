import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAccount } from '../../test/test-app.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1, routeRateLimitScale: 1 });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, address: string) =>
  t.api({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': address },
  });

/** Sends `max` requests from `address`, each answered normally, then answers the next one. */
async function exhaust(url: string, max: number, payload: () => unknown, address: string) {
  for (let i = 0; i < max; i++) {
    const response = await post(url, payload(), address);
    expect(response.statusCode, response.body).not.toBe(429);
  }
  return post(url, payload(), address);
}

function expectLimited(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per-address limits of the routes that create accounts or send email', () => {
  it(`answers 429 to the sign-up after ${ROUTE_LIMITS.register.max} an hour from one address`, async () => {
    const next = await exhaust(
      '/api/auth/register',
      ROUTE_LIMITS.register.max,
      () => newAccount(),
      '203.0.113.1',
    );
    expectLimited(next);
    expect((await post('/api/auth/register', newAccount(), '203.0.113.2')).statusCode).toBe(201);
  });

  it(`answers 429 to the provider application after ${ROUTE_LIMITS.providerApplication.max} an hour`, async () => {
    // Refused bodies count too: the limit is on requests, checked before anything else.
    const next = await exhaust(
      '/api/provider-applications',
      ROUTE_LIMITS.providerApplication.max,
      () => ({}),
      '203.0.113.3',
    );
    expectLimited(next);
    expect((await post('/api/provider-applications', {}, '203.0.113.4')).statusCode).toBe(400);
  });

  it(`answers 429 to forgot-password after ${ROUTE_LIMITS.forgotPassword.max} in 15 minutes`, async () => {
    let n = 0;
    const next = await exhaust(
      '/api/auth/forgot-password',
      ROUTE_LIMITS.forgotPassword.max,
      () => ({ email: `someone${++n}@example.com` }),
      '203.0.113.5',
    );
    expectLimited(next);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    const forgot = (address: string) =>
      post('/api/auth/forgot-password', { email: 'v6@example.com' }, address);
    for (let i = 1; i <= ROUTE_LIMITS.forgotPassword.max; i++)
      expect((await forgot(`2001:db8:77:1::${i}`)).statusCode).toBe(200);
    expectLimited(await forgot('2001:db8:77:1:abcd::9'));
    expect((await forgot('2001:db8:77:2::1')).statusCode).toBe(200);
  });
});
