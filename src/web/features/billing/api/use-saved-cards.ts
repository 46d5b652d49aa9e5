import { useQuery } from '@tanstack/react-query';
import type { SavedCard } from '#core/billing/schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

export const fetchSavedCards = () => api.get<SavedCard[]>('/api/payment-methods');

/** The user's saved cards (brand, last 4, expiry; never the number). */
export const useSavedCards = () =>
  useQuery({ queryKey: billingKeys.cards, queryFn: fetchSavedCards });
