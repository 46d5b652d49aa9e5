import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxFilter, OutboxMessage } from '#core/admin/outbox.ts';
import { api } from '#web/api/transport.ts';
import { adminKeys, toQuery } from './admin-keys.ts';

/** The newest messages, optionally to one address. */
export const useOutbox = (filter: OutboxFilter) =>
  useQuery({
    queryKey: adminKeys.outbox(filter),
    queryFn: () => api.get<OutboxMessage[]>(`/api/admin/outbox${toQuery({ ...filter })}`),
    placeholderData: keepPreviousData,
  });
