import { useMutation } from '@tanstack/react-query';
import type { Payment } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshBilling } from './billing-keys.ts';

/** The job's provider confirms the driver's cash payment, or disputes it with a reason. */
export function useCashConfirmation() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({
      paymentId,
      dispute,
    }: {
      paymentId: string;
      dispute?: string;
    }): Promise<Payment> => {
      const params = { path: { id: paymentId } };
      return dispute === undefined
        ? api.post('/payments/{id}/confirm-cash', { params })
        : api.post('/payments/{id}/dispute-cash', { params, body: { reason: dispute } });
    },
    onSuccess: refresh,
  });
}
