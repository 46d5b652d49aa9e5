import { describe, expect, it } from 'vitest';
import { formatMiles, haversineMiles } from './geo.ts';

describe('haversineMiles', () => {
  it('measures Dallas to Houston as about 225 miles (R = 3959)', () => {
    const miles = haversineMiles(
      { latitude: 32.7767, longitude: -96.797 },
      { latitude: 29.7604, longitude: -95.3698 },
    );
    expect(miles).toBeGreaterThan(224);
    expect(miles).toBeLessThan(226);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 32.79, longitude: -96.83 };
    const b = { latitude: 29.69, longitude: -95.19 };
    expect(haversineMiles(a, a)).toBe(0);
    expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 9);
  });

  it('shows one decimal', () => {
    expect(formatMiles(3.14159)).toBe('3.1 mi');
  });
});
