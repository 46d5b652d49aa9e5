import { demoAccounts } from '#core/demo-accounts.ts';
import type { ProviderSummary } from '#core/providers/search.ts';

/** The demo accounts offered for quick sign-in (they exist only on a server with demo data). */
export const demoSignIns = [
  { role: 'driver', label: 'Sign in as demo driver', email: demoAccounts.driver },
  { role: 'mechanic', label: 'Sign in as demo mechanic', email: demoAccounts.mechanic },
] as const;

/** Downtown Dallas, 25 miles around: searched for the first page, and counted over every page. */
export const DALLAS_QUERY = { latitude: 32.7767, longitude: -96.797, radius: 25 };

export const DEMO_LIST_SIZE = 5;

/** The overview's figures, from the live summary of every listed provider. */
export function overviewCounts(summary: ProviderSummary) {
  return {
    total: summary.total,
    available: summary.available,
    mobileMechanics: summary.byServiceType.mobile_mechanic,
    tireShops: summary.byServiceType.tire_shop,
    towing: summary.byServiceType.towing,
    acceptsAAA: summary.acceptsAAA,
  };
}

/** "3.4 mi", or nothing when the answer had no distance. */
export const formatMiles = (distance: number | null | undefined) =>
  distance === null || distance === undefined ? '' : `${distance.toFixed(1)} mi`;
