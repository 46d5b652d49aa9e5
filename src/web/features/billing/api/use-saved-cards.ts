import { useQuery } from '@tanstack/react-query';
import type { SavedCard } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';
import { usePaymentsOff } from './use-payments-mode.ts';

export const fetchSavedCards = (): Promise<SavedCard[]> => api.get('/payment-methods');

/**
 * The user's saved cards (brand, last 4, expiry; never the number). Not asked for while payments
 * are off: the screens show why instead.
 */
export const useSavedCards = () => {
  const off = usePaymentsOff();
  return useQuery({
    queryKey: billingKeys.cards,
    queryFn: fetchSavedCards,
    enabled: off.data !== true,
  });
};
