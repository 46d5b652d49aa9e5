import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, toQuery } from './admin-keys.ts';

/** A message the product wrote: sent over SMTP, or kept in the outbox when there is none. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  delivery: 'outbox' | 'sent' | 'failed';
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxFilter {
  to?: string;
  limit?: number;
}

/** The newest messages, optionally to one address. */
export const useOutbox = (filter: OutboxFilter) =>
  useQuery({
    queryKey: adminKeys.outbox(filter),
    queryFn: () => api.get<OutboxMessage[]>(`/api/admin/outbox${toQuery({ ...filter })}`),
    placeholderData: keepPreviousData,
  });
