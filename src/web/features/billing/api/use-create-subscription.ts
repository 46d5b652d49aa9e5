import { useMutation } from '@tanstack/react-query';
import type { PlanType } from '#core/billing/plans.ts';
import type { SubscriptionCheckout } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';

export interface CreateSubscriptionBody {
  planType: PlanType;
  userId: string;
  email: string;
  name: string;
}

/** Creates the plan unpaid; its first payment is confirmed in the page with the client secret. */
export const useCreateSubscription = () =>
  useMutation({
    mutationFn: (body: CreateSubscriptionBody): Promise<SubscriptionCheckout> =>
      api.post('/create-subscription', { body }),
  });
