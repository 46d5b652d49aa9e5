import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether this installation sends real email (SMTP) or keeps it in the admin outbox. */
export const useEmailMode = () =>
  useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<{ email: 'smtp' | 'outbox' }>('/api/meta'),
    select: (meta) => meta.email,
  });
