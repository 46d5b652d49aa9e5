/**
 * Sign-in delays instead of a lockout (docs/decisions/038-sign-in-throttling.md): the first
 * `freeFailures` failures of a key (an account, an address, a device) in the window cost nothing;
 * after that each try waits `BASE_DELAY_SECONDS × 2^(failures − freeFailures)` seconds after the
 * key's last failure, at most `maxDelaySeconds`.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  maxDelaySeconds: number;
}

export const BASE_DELAY_SECONDS = 15;

/** How long a key with `failures` recent failures waits after its last one. */
export function delaySeconds(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(
    BASE_DELAY_SECONDS * 2 ** (failures - policy.freeFailures),
    policy.maxDelaySeconds,
  );
}

/** Seconds until a key may try again (0: now), from its failures and the last one's time. */
export function waitSeconds(
  failures: number,
  lastFailureAt: Date | null,
  now: number,
  policy: ThrottlePolicy,
): number {
  if (!lastFailureAt) return 0;
  const allowedAt = lastFailureAt.getTime() + delaySeconds(failures, policy) * 1000;
  return allowedAt > now ? Math.ceil((allowedAt - now) / 1000) : 0;
}

/**
 * The most guesses one key lets through in any hour, when failures count for at least an hour:
 * inside the hour the k-th guess finds at least k − 1 failures, so it waits at least
 * delay(k − 1) after the one before, and those waits must fit in 3,600 seconds.
 */
export function guessesPerHour(policy: ThrottlePolicy): number {
  let guesses = 1;
  let spent = 0;
  for (;;) {
    spent += delaySeconds(guesses, policy);
    if (spent >= 3600) return guesses;
    guesses += 1;
  }
}
