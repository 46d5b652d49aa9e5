import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeBreakdown, formatUsd, platformFeeCents, toCents } from './money.ts';

describe('money', () => {
  it('takes a 10 % platform fee rounded to the cent', () => {
    expect(feeBreakdown(95)).toEqual({ visitFee: 95, platformFee: 9.5, total: 104.5 });
    expect(feeBreakdown(0)).toEqual({ visitFee: 0, platformFee: 0, total: 0 });
    expect(platformFeeCents(1005)).toBe(101); // 100.5 cents rounds half up
    expect(platformFeeCents(1004)).toBe(100);
  });

  it('is exact where float arithmetic is not', () => {
    // 0.1 * 1.15 * 100 in floats is 11.499999…; in cents the fee of $1.15 is 11.5 → 12 cents.
    expect(feeBreakdown(1.15)).toEqual({ visitFee: 1.15, platformFee: 0.12, total: 1.27 });
    expect(feeBreakdown(19.99).total).toBe(21.99);
    expect(toCents(0.29)).toBe(29);
  });

  it('always totals visit fee plus fee, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (cents) => {
        const { visitFee, platformFee, total } = feeBreakdown(cents / 100);
        expect(toCents(total)).toBe(toCents(visitFee) + toCents(platformFee));
        expect(Math.abs(toCents(platformFee) - cents / 10)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('formats dollars to two decimals', () => {
    expect(formatUsd(104.5)).toBe('$104.50');
  });
});
