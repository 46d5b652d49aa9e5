import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedCard } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';

export const setDefaultCard = (cardId: string): Promise<SavedCard[]> =>
  api.post('/payment-methods/{id}/default', { params: { path: { id: cardId } } });

/** Makes a saved card the default (also the one the plan renews with). */
export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    onSuccess: (cards) => queryClient.setQueryData(billingKeys.cards, cards),
  });
}
