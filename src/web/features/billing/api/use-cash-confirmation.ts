import { useMutation } from '@tanstack/react-query';
import type { Payment } from '#core/billing/schemas.ts';
import { api } from '#web/api/transport.ts';
import { useRefreshBilling } from './billing-keys.ts';

/** The job's provider confirms the driver's cash payment, or disputes it with a reason. */
export function useCashConfirmation() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ paymentId, dispute }: { paymentId: string; dispute?: string }) =>
      dispute === undefined
        ? api.post<Payment>(`/api/payments/${paymentId}/confirm-cash`)
        : api.post<Payment>(`/api/payments/${paymentId}/dispute-cash`, { reason: dispute }),
    onSuccess: refresh,
  });
}
