import { describe, expect, it } from 'vitest';
import { firstOrderViolation, matchesText, outsideRadius } from './search-rules.ts';

const p = (businessName: string, status: string, rating: number) => ({
  businessName,
  status,
  rating,
});

describe('firstOrderViolation', () => {
  it('accepts available first, each part by rating descending', () => {
    expect(
      firstOrderViolation([
        p('A', 'available', 4.8),
        p('B', 'available', 4.2),
        p('C', 'busy', 4.9),
        p('D', 'offline', 3),
      ]),
    ).toBeNull();
    expect(firstOrderViolation([])).toBeNull();
  });

  it('names an available provider listed after an unavailable one', () => {
    expect(firstOrderViolation([p('A', 'busy', 5), p('B', 'available', 1)])).toBe(
      'B (available) comes after A (busy)',
    );
  });

  it('names a better rating listed after a worse one', () => {
    expect(firstOrderViolation([p('A', 'available', 4), p('B', 'available', 4.5)])).toBe(
      'B (rating 4.5) comes after A (rating 4)',
    );
  });

  it('ignores ties in rating', () => {
    expect(firstOrderViolation([p('A', 'busy', 4), p('B', 'enroute', 4)])).toBeNull();
  });
});

describe('outsideRadius', () => {
  it('keeps results without a distance or beyond the radius', () => {
    const results = [{ distance: 3 }, { distance: 25 }, { distance: 25.1 }, { distance: null }];
    expect(outsideRadius(results, 25)).toEqual([{ distance: 25.1 }, { distance: null }]);
  });
});

describe('matchesText', () => {
  const provider = {
    businessName: 'Trinity Tire & Wheel',
    description: null,
    city: 'Dallas',
    specialties: ['Road Service'],
  };
  it('matches any searched field, in any case', () => {
    expect(matchesText(provider, 'TIRE')).toBe(true);
    expect(matchesText(provider, 'dallas')).toBe(true);
    expect(matchesText(provider, 'road serv')).toBe(true);
    expect(matchesText(provider, 'towing')).toBe(false);
  });
});
