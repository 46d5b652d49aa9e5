import { describe, expect, it } from 'vitest';
import { ROUTE_LIMITS, routeLimits } from './route-limits.ts';

describe('routeLimits', () => {
  it('scales every limit by ROUTE_RATE_LIMIT_SCALE and keeps its window', () => {
    const scaled = routeLimits(3);
    for (const [name, limit] of Object.entries(ROUTE_LIMITS)) {
      const options = scaled[name as keyof typeof ROUTE_LIMITS];
      expect(options.max).toBe(limit.max * 3);
      expect(options.timeWindow).toBe(limit.minutes * 60_000);
    }
  });

  it('counts an IPv6 client by its /64', () => {
    const key = routeLimits(1).register.keyGenerator!;
    const request = (ip: string) => ({ ip }) as Parameters<typeof key>[0];
    expect(key(request('2001:db8:1:2::1'))).toBe(key(request('2001:db8:1:2:ffff::2')));
    expect(key(request('203.0.113.1'))).toBe('203.0.113.1');
  });
});
