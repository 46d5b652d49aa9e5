import { describe, expect, it } from 'vitest';
import { ARRIVAL_RADIUS_MILES, approach, hasArrived, roughApproach } from './tracking-rules.ts';

describe('approach', () => {
  it('gives the straight-line miles and an ETA at town speed over a longer road', () => {
    const way = approach(
      { latitude: 32.83, longitude: -96.86 },
      { latitude: 32.7767, longitude: -96.797 },
    );
    expect(way.miles).toBeCloseTo(5.19, 2);
    // 5.19 mi × 1.3 / 35 mph = 11.57 min
    expect(way.etaMinutes).toBe(12);
  });

  it('never promises less than a minute', () => {
    expect(
      approach({ latitude: 32.7767, longitude: -96.797 }, { latitude: 32.7767, longitude: -96.797 })
        .etaMinutes,
    ).toBe(1);
  });
});

describe('roughApproach', () => {
  it('rounds the miles to whole ones and the ETA to 5 minutes, never under 5', () => {
    const to = { latitude: 32.7767, longitude: -96.797 };
    expect(roughApproach({ latitude: 32.83, longitude: -96.86 }, to)).toEqual({
      miles: 5,
      etaMinutes: 10,
    });
    expect(roughApproach(to, to)).toEqual({ miles: 0, etaMinutes: 5 });
  });
});

describe('hasArrived', () => {
  const job = { latitude: 32.7767, longitude: -96.797 };
  // A degree of latitude is about 69.1 miles.
  const north = (miles: number) => ({ latitude: job.latitude + miles / 69.09, longitude: -96.797 });

  it('is true within the arrival radius and false beyond it', () => {
    expect(ARRIVAL_RADIUS_MILES).toBe(0.15);
    expect(hasArrived(job, job)).toBe(true);
    expect(hasArrived(north(0.1), job)).toBe(true);
    expect(hasArrived(north(0.2), job)).toBe(false);
    expect(hasArrived(north(5), job)).toBe(false);
  });
});
