import { useQueryClient } from '@tanstack/react-query';

/** Every payouts query sits under `payouts`, so one invalidation refreshes account, balance and list. */
export const payoutKeys = {
  all: ['payouts'] as const,
  account: ['payouts', 'account'] as const,
  balance: ['payouts', 'balance'] as const,
  list: ['payouts', 'list'] as const,
};

export function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payoutKeys.all });
}
