import { demoAccounts } from '../../../../../core/demo-accounts.ts';
import type { Provider } from '../../../../../core/providers/schemas.ts';

/** The demo accounts offered for quick sign-in (they exist only on a server with demo data). */
export const demoSignIns = [
  { role: 'driver', label: 'Sign in as demo driver', email: demoAccounts.driver },
  { role: 'mechanic', label: 'Sign in as demo mechanic', email: demoAccounts.mechanic },
] as const;

/** Downtown Dallas, 25 miles around. */
export const DALLAS_SEARCH_PATH = '/api/search?latitude=32.7767&longitude=-96.797&radius=25';

export const DEMO_LIST_SIZE = 5;

/** The overview's figures, counted from the live provider list. */
export function overviewCounts(
  providers: readonly Pick<Provider, 'status' | 'serviceType' | 'acceptsAAA'>[],
) {
  return {
    total: providers.length,
    available: providers.filter((p) => p.status === 'available').length,
    mobileMechanics: providers.filter((p) => p.serviceType === 'mobile_mechanic').length,
    tireShops: providers.filter((p) => p.serviceType === 'tire_shop').length,
    towing: providers.filter((p) => p.serviceType === 'towing').length,
    acceptsAAA: providers.filter((p) => p.acceptsAAA).length,
  };
}

/** "3.4 mi", or nothing when the answer had no distance. */
export const formatMiles = (distance: number | null | undefined) =>
  distance === null || distance === undefined ? '' : `${distance.toFixed(1)} mi`;
