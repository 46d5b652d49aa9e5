import { useMutation } from '@tanstack/react-query';
import type { PlanType } from '#core/billing/plans.ts';
import type { Subscription } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshBilling } from './billing-keys.ts';

export type SubscriptionChange = { planType: PlanType } | { status: 'active' };

/** Changes the plan (prorated, may be declined with 402) or resumes a cancelled one before its end. */
export function useUpdateSubscription(subscriptionId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (change: SubscriptionChange): Promise<Subscription> =>
      api.patch('/subscriptions/{id}', { params: { path: { id: subscriptionId } }, body: change }),
    onSettled: refresh,
  });
}
