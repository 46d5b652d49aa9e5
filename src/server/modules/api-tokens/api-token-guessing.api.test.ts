import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

const PER_MINUTE = 3;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: PER_MINUTE });
}, 60_000);
afterAll(() => t.close());

const guess = (remoteAddress: string) =>
  t.api({
    method: 'GET',
    url: '/api/bookings',
    remoteAddress,
    headers: { authorization: `Bearer tf_live_${'C'.repeat(43)}` },
  });

describe('guessing API tokens', () => {
  it('counts unknown tokens per address against the per-minute limit, then answers 429', async () => {
    for (let i = 0; i < PER_MINUTE; i += 1)
      expect((await guess('203.0.113.50')).statusCode).toBe(401);
    const refused = await guess('203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guess('203.0.113.51')).statusCode).toBe(401);
  });
});
