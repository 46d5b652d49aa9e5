import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxFilter, OutboxMessage } from '#core/admin/outbox.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, setOnly } from './admin-keys.ts';

/** The newest messages, optionally to one address. */
export const useOutbox = (filter: OutboxFilter) =>
  useQuery({
    queryKey: adminKeys.outbox(filter),
    queryFn: (): Promise<OutboxMessage[]> =>
      api.get('/admin/outbox', { params: { query: setOnly(filter) } }),
    placeholderData: keepPreviousData,
  });
