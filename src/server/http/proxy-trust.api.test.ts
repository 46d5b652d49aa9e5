import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, inject, newAccount } from '../test/test-app.ts';

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

/** The client address the server recorded for a sign-up sent from `remoteAddress`. */
async function recordedAddress(
  app: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const response = await inject(app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: newAccount(),
    remoteAddress,
    headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await app.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, response.json().user.id));
  return row!.ip;
}

const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });

describe('TRUST_PROXY names the proxies', () => {
  it('takes the client address from X-Forwarded-For when the peer is a trusted proxy', async () => {
    await withServer({ trustProxy: ['127.0.0.1'] }, async (app) => {
      expect(await recordedAddress(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(
        '203.0.113.7',
      );
      // Anyone else's X-Forwarded-For is their own claim, not believed.
      expect(await recordedAddress(app, '192.0.2.10', { 'x-forwarded-for': '203.0.113.7' })).toBe(
        '192.0.2.10',
      );
    });
  });

  it('accepts CIDRs and IPv6 proxies', async () => {
    await withServer({ trustProxy: ['10.0.0.0/8', '::1'] }, async (app) => {
      expect(await recordedAddress(app, '10.20.30.40', { 'x-forwarded-for': '203.0.113.8' })).toBe(
        '203.0.113.8',
      );
      expect(await recordedAddress(app, '::1', { 'x-forwarded-for': '2001:db8::7' })).toBe(
        '2001:db8::7',
      );
      expect(await recordedAddress(app, '11.0.0.1', { 'x-forwarded-for': '203.0.113.8' })).toBe(
        '11.0.0.1',
      );
    });
  });

  it('with a hop count, believes that many proxies from the nearest', async () => {
    await withServer({ trustProxy: 1 }, async (app) => {
      expect(
        await recordedAddress(app, '10.0.0.2', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }),
      ).toBe('203.0.113.9');
    });
  });
});

describe('without TRUST_PROXY, a forged X-Forwarded-For changes nothing', () => {
  it('records the connection’s own address', async () => {
    expect(await recordedAddress(t.app, '192.0.2.20', { 'x-forwarded-for': '203.0.113.7' })).toBe(
      '192.0.2.20',
    );
  });

  const failedLogins = async (app: FastifyInstance, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `guess${i}-${Date.now()}@example.com`, password: 'wrong password' },
        remoteAddress: '192.0.2.30',
        headers: forged(i),
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('cannot dodge the failed sign-in limit by rotating X-Forwarded-For', async () => {
    await withServer({ loginMaxFailures: 3 }, async (app) => {
      expect(await failedLogins(app, 5)).toEqual([401, 401, 401, 429, 429]);
    });
    // The same requests through a trusted proxy are five different clients: the test can tell.
    await withServer({ loginMaxFailures: 3, trustProxy: ['192.0.2.30'] }, async (app) => {
      expect(await failedLogins(app, 5)).toEqual([401, 401, 401, 401, 401]);
    });
  });

  const searches = async (app: FastifyInstance, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        remoteAddress: '192.0.2.40',
        headers: forged(i),
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('cannot dodge the request rate limit by rotating X-Forwarded-For', async () => {
    await withServer({ rateLimitPerMinute: 3 }, async (app) => {
      expect(await searches(app, 5)).toEqual([200, 200, 200, 429, 429]);
    });
    await withServer({ rateLimitPerMinute: 3, trustProxy: ['192.0.2.40'] }, async (app) => {
      expect(await searches(app, 5)).toEqual([200, 200, 200, 200, 200]);
    });
  });

  it('cannot dodge the password reset limit by rotating X-Forwarded-For', async () => {
    await withServer({ routeRateLimitScale: 1 }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: `nobody${i}@example.com` },
          remoteAddress: '192.0.2.50',
          headers: forged(i),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
