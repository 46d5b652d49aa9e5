import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';

/** One payment with everything its printable receipt shows. */
export const receiptQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.receipt(id),
    queryFn: (): Promise<Receipt> => api.get('/payments/{id}', { params: { path: { id } } }),
  });

export const useReceipt = (id: string) => useQuery(receiptQuery(id));
