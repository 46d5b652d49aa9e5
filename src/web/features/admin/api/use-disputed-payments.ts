import { useMutation, useQuery } from '@tanstack/react-query';
import type { DisputedPayment, Payment, ResolveDisputeInput } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, useRefreshAdmin } from './admin-keys.ts';

/** Cash payments a provider disputed, oldest first. */
export const useDisputedPayments = () =>
  useQuery({
    queryKey: adminKeys.disputes,
    queryFn: (): Promise<DisputedPayment[]> => api.get('/admin/payments/disputed'),
  });

/** Settles a dispute: the cash was paid, or it was not (the driver owes it again). */
export function useResolveDispute() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveDisputeInput & { id: string }): Promise<Payment> =>
      api.post('/admin/payments/{id}/resolve', { params: { path: { id } }, body }),
    onSuccess: refresh,
  });
}
