import { describe, expect, it } from 'vitest';
import { delaySeconds, guessesPerHour, waitSeconds } from './login-throttle.ts';

const policy = { freeFailures: 10, maxDelaySeconds: 600 };

describe('sign-in delays', () => {
  it('costs nothing for the first failures, then doubles from 15 s up to the cap', () => {
    expect([0, 9].map((n) => delaySeconds(n, policy))).toEqual([0, 0]);
    expect([10, 11, 12, 15, 16, 40, 5000].map((n) => delaySeconds(n, policy))).toEqual([
      15, 30, 60, 480, 600, 600, 600,
    ]);
  });

  it('counts the wait from the last failure, rounded up to whole seconds', () => {
    const last = new Date(1_000_000);
    expect(waitSeconds(9, last, 1_000_000, policy)).toBe(0);
    expect(waitSeconds(10, last, 1_000_500, policy)).toBe(15);
    expect(waitSeconds(10, last, 1_015_000, policy)).toBe(0);
    expect(waitSeconds(10, null, 0, policy)).toBe(0);
  });

  it('lets a guesser who tries the moment each wait ends at most guessesPerHour() guesses in any hour', () => {
    expect(guessesPerHour(policy)).toBe(20);
    // One key's failures over three hours, the guesser never idle; failures count for an hour.
    const failures: number[] = [];
    let now = 0;
    while (now < 3 * 3600_000) {
      const recent = failures.filter((at) => at > now - 3600_000);
      const wait = waitSeconds(
        recent.length,
        recent.length ? new Date(recent.at(-1)!) : null,
        now,
        policy,
      );
      if (wait === 0) failures.push(now);
      now += wait === 0 ? 1 : wait * 1000;
    }
    for (let start = 0; start < 2 * 3600_000; start += 60_000) {
      const inHour = failures.filter((at) => at >= start && at < start + 3600_000).length;
      expect(inHour).toBeLessThanOrEqual(guessesPerHour(policy));
    }
  });
});
