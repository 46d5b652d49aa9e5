import { useMutation } from '@tanstack/react-query';
import type { Subscription } from '#core/billing/schemas.ts';
import { api } from '#web/api/transport.ts';
import { useRefreshBilling } from './billing-keys.ts';

/** Cancels at the end of the paid period: the plan keeps working until its end date. */
export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      api.post<Subscription>('/api/cancel-subscription', { subscriptionId }),
    onSuccess: refresh,
  });
}
