import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';

export const fetchCurrentSubscription = (userId: string): Promise<Subscription | null> =>
  api.get('/subscription/{userId}', { params: { path: { userId } } });

/** The plan that works now: active, past due, or cancelled but paid up until its end date. */
export const useCurrentSubscription = (userId: string) =>
  useQuery({
    queryKey: billingKeys.subscription(userId),
    queryFn: () => fetchCurrentSubscription(userId),
  });
