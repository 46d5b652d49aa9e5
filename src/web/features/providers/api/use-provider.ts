import { useQuery } from '@tanstack/react-query';
import type { ProviderDetails } from '#core/providers/search.ts';
import { api } from '#web/lib/api-client.ts';

export const useProvider = (id: string) =>
  useQuery({
    queryKey: ['providers', id],
    queryFn: () => api.get<ProviderDetails>(`/api/providers/${id}`),
  });
