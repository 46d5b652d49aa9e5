import { fetchCurrentSubscription } from './use-current-subscription.ts';

const POLL_MS = 1_000;
const POLL_LIMIT_MS = 15_000;

/**
 * With Stripe the plan turns active when its webhook arrives: ask once a second for up to 15 s.
 * Resolves whether it turned active in time.
 */
export async function waitForActivePlan(userId: string): Promise<boolean> {
  const until = Date.now() + POLL_LIMIT_MS;
  while (Date.now() < until) {
    const current = await fetchCurrentSubscription(userId).catch(() => null);
    if (current?.status === 'active') return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
