import { describe, expect, it } from 'vitest';
import { formatMiles, overviewCounts } from './demo-data.ts';

describe('overviewCounts', () => {
  it('shows the summary by status, type and AAA', () => {
    expect(
      overviewCounts({
        total: 4,
        available: 2,
        byServiceType: { mobile_mechanic: 2, tire_shop: 1, towing: 1 },
        acceptsAAA: 2,
      }),
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
    expect(
      overviewCounts({
        total: 0,
        available: 0,
        byServiceType: { mobile_mechanic: 0, tire_shop: 0, towing: 0 },
        acceptsAAA: 0,
      }),
    ).toEqual({
      total: 0,
      available: 0,
      mobileMechanics: 0,
      tireShops: 0,
      towing: 0,
      acceptsAAA: 0,
    });
  });
});

it('formatMiles shows one decimal, or nothing without a distance', () => {
  expect(formatMiles(3.456)).toBe('3.5 mi');
  expect(formatMiles(null)).toBe('');
});
