import { describe, expect, it } from 'vitest';
import { USER_LIMITS, waitLabel } from './user-limits.ts';

describe('USER_LIMITS', () => {
  it('keeps a short window (an hour at most) and a daily one for each limit, the day the larger', () => {
    for (const { windows } of Object.values(USER_LIMITS)) {
      const [hour, day] = windows;
      expect(hour.minutes).toBeLessThanOrEqual(60);
      expect(day.minutes).toBe(24 * 60);
      expect(day.max).toBeGreaterThan(hour.max);
    }
  });
});

describe('waitLabel', () => {
  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3600, '60 minutes'],
    [90 * 60, '2 hours'],
    [23 * 3600 + 1, '24 hours'],
  ])('%i seconds: %s', (seconds, label) => {
    expect(waitLabel(seconds)).toBe(label);
  });
});
