import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  Payout,
  PayoutAccount,
  PayoutBalance,
  PayoutSchedule,
} from '#core/billing/payouts.ts';
import { api } from '#web/api/client.ts';
import { payoutKeys, useRefreshPayouts } from './payout-keys.ts';

/** The business's payout account (`not_started` before onboarding began). */
export const usePayoutAccount = () =>
  useQuery({
    queryKey: payoutKeys.account,
    queryFn: (): Promise<PayoutAccount> => api.get('/payouts/account'),
  });

export const usePayoutBalance = (enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.balance,
    queryFn: (): Promise<PayoutBalance> => api.get('/payouts/balance'),
    enabled,
  });

/** Payouts newest first, each with the jobs in it. */
export const usePayoutList = (enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.list,
    queryFn: (): Promise<Payout[]> => api.get('/payouts'),
    enabled,
  });

/** Creates the account if needed and answers where onboarding continues. */
export const useStartOnboarding = () =>
  useMutation({
    mutationFn: (): Promise<{ url: string }> => api.post('/payouts/account'),
  });

export function useSetPayoutSchedule() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (schedule: PayoutSchedule): Promise<PayoutAccount> =>
      api.put('/payouts/schedule', { body: { schedule } }),
    onSuccess: refresh,
  });
}
