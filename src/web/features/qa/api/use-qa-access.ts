import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether this server runs with demo data: then anyone may use the internal pages. */
export const useDemoData = () =>
  useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<{ demoData: boolean }>('/api/meta'),
    select: (meta) => meta.demoData,
  });
