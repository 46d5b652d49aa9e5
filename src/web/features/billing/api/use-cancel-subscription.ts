import { useMutation } from '@tanstack/react-query';
import type { Subscription } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshBilling } from './billing-keys.ts';

/** Cancels at the end of the paid period: the plan keeps working until its end date. */
export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (subscriptionId: string): Promise<Subscription> =>
      api.post('/cancel-subscription', { body: { subscriptionId } }),
    onSuccess: refresh,
  });
}
