import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';

export const removeCard = (cardId: string) =>
  api.delete('/payment-methods/{id}', { params: { path: { id: cardId } } });

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
  });
}
