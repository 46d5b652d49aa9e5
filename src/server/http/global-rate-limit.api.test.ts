import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

const PER_MINUTE = 3;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1, rateLimitPerMinute: PER_MINUTE });
});
afterAll(() => t.close());

const meta = (address: string) =>
  t.api({ method: 'GET', url: '/api/meta', headers: { 'x-forwarded-for': address } });

describe('the per-minute limit of every /api call', () => {
  it('counts the addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    for (let i = 1; i <= PER_MINUTE; i += 1)
      expect((await meta(`2001:db8:40:1::${i}`)).statusCode).toBe(200);
    const same = await meta('2001:db8:40:1:ffff:eeee:dddd:9');
    expect(same.statusCode).toBe(429);
    expect(same.json()).toEqual({ error: expect.any(String) });
    expect(Number(same.headers['retry-after'])).toBeGreaterThan(0);
    expect((await meta('2001:db8:40:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 address and its IPv4-mapped IPv6 form as one client', async () => {
    for (let i = 1; i <= PER_MINUTE; i += 1)
      expect((await meta('203.0.113.40')).statusCode).toBe(200);
    expect((await meta('::ffff:203.0.113.40')).statusCode).toBe(429);
    expect((await meta('203.0.113.41')).statusCode).toBe(200);
  });
});
