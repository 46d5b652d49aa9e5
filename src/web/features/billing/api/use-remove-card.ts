import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/api/transport.ts';
import { billingKeys } from './billing-keys.ts';

export const removeCard = (cardId: string) => api.delete<void>(`/api/payment-methods/${cardId}`);

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
  });
}
