import { describe, expect, it } from 'vitest';
import { formatMiles, overviewCounts } from './demo-data.ts';

describe('overviewCounts', () => {
  it('counts providers by status, type and AAA', () => {
    expect(
      overviewCounts([
        { status: 'available', serviceType: 'mobile_mechanic', acceptsAAA: true },
        { status: 'busy', serviceType: 'tire_shop', acceptsAAA: false },
        { status: 'available', serviceType: 'towing', acceptsAAA: true },
        { status: 'offline', serviceType: 'mobile_mechanic', acceptsAAA: false },
      ]),
    ).toEqual({
      total: 4,
      available: 2,
      mobileMechanics: 2,
      tireShops: 1,
      towing: 1,
      acceptsAAA: 2,
    });
  });

  it('is all zeros for no providers', () => {
    expect(overviewCounts([]).total).toBe(0);
  });
});

it('formatMiles shows one decimal, or nothing without a distance', () => {
  expect(formatMiles(3.456)).toBe('3.5 mi');
  expect(formatMiles(null)).toBe('');
});
