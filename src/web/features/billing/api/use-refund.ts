import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Refund, RefundInput } from '#core/billing/payouts.ts';
import { api } from '#web/api/client.ts';

/**
 * Refunds a card payment in full or in part (an admin, or the job's provider within 14 days):
 * the bookings, billing, payouts and the admin console show it afterwards.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: RefundInput & { paymentId: string }): Promise<Refund> =>
      api.post('/payments/{id}/refund', { params: { path: { id: paymentId } }, body }),
    onSuccess: () =>
      Promise.all(
        ['bookings', 'billing', 'payouts', 'admin'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
