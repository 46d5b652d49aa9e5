import { useQueryClient } from '@tanstack/react-query';

/** Every billing query sits under `billing`, so one invalidation refreshes plan, history and cards. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: (userId: string) => ['billing', 'subscription', userId] as const,
  payments: (userId: string) => ['billing', 'payments', userId] as const,
  receipt: (id: string) => ['billing', 'receipt', id] as const,
  /** Counted from accepted bookings, so it refreshes whenever bookings do. */
  allowance: ['bookings', 'allowance'] as const,
  cards: ['billing', 'cards'] as const,
};

/** After a payment, a plan change or a card change: billing, and the bookings that show payments. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
    ]);
}
