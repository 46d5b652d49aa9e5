import { useQuery } from '@tanstack/react-query';
import type { Payment } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';

/** The user's charges, renewals, refunds and failures, newest first. */
export const usePayments = (userId: string) =>
  useQuery({
    queryKey: billingKeys.payments(userId),
    queryFn: (): Promise<Payment[]> =>
      api.get('/payments/user/{userId}', { params: { path: { userId } } }),
  });
