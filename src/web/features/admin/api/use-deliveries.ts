import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminDeliveriesQuery, AdminDelivery } from '#core/deliveries.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, setOnly } from './admin-keys.ts';

export type DeliveriesFilter = Partial<AdminDeliveriesQuery>;

/** One page of the delivery log, newest first. */
export const useDeliveries = (filter: DeliveriesFilter) =>
  useQuery({
    queryKey: adminKeys.deliveries(filter),
    queryFn: (): Promise<{ deliveries: AdminDelivery[]; total: number }> =>
      api.get('/admin/deliveries', { params: { query: setOnly(filter) } }),
    placeholderData: keepPreviousData,
  });
