import { describe, expect, it } from 'vitest';
import {
  addMonth,
  bookingLimitMessage,
  bookingsLeft,
  monthStart,
  planList,
  plans,
  prorationCents,
} from './plans.ts';

describe('plans', () => {
  it('are the three plans, in cents, with Premium the popular one', () => {
    expect(planList.map((p) => [p.type, p.priceCents, p.popular])).toEqual([
      ['basic', 2999, false],
      ['premium', 7999, true],
      ['enterprise', 19999, false],
    ]);
    expect(plans.basic.features).toContain('Up to 5 bookings per month');
    expect(plans.enterprise.features).toContain('API access');
  });

  it('allow 5 accepted bookings a month on Basic or no plan, unlimited above', () => {
    expect(bookingsLeft(null, 0)).toBe(5);
    expect(bookingsLeft('basic', 4)).toBe(1);
    expect(bookingsLeft('basic', 7)).toBe(0);
    expect(bookingsLeft('premium', 500)).toBeNull();
    expect(bookingsLeft('enterprise', 0)).toBeNull();
    expect(bookingLimitMessage('basic')).toMatch(
      /5 bookings this month, the limit on the Basic plan/,
    );
  });

  it('count the month from its first instant in UTC', () => {
    expect(monthStart(new Date('2026-11-30T23:59:59-06:00')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(monthStart(new Date('2026-11-15T10:00:00Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });

  it('renew a month later, kept inside shorter months', () => {
    expect(addMonth(new Date('2026-01-31T12:00:00Z')).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
    expect(addMonth(new Date('2028-01-31T12:00:00Z')).toISOString()).toBe(
      '2028-02-29T12:00:00.000Z',
    );
    expect(addMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
    expect(addMonth(new Date('2026-03-31T00:00:00Z'), -1).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
  });

  it('prorate a change by the days left', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    expect(prorationCents('premium', 'enterprise', start, end, start)).toBe(12000);
    expect(
      prorationCents('premium', 'enterprise', start, end, new Date('2026-11-16T00:00:00Z')),
    ).toBe(6000);
    expect(
      prorationCents('enterprise', 'basic', start, end, new Date('2026-11-16T00:00:00Z')),
    ).toBe(-8500);
    expect(prorationCents('basic', 'premium', start, end, end)).toBe(0);
  });
});
