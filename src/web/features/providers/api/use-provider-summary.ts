import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderSummary } from '#core/providers/search.ts';
import { api } from '#web/api/transport.ts';
import { searchPlaceholder } from './kept-search.ts';
import { SEARCH_REFETCH_MS } from './use-provider-search.ts';

/** The counts of every provider the filters find (the summary cards and the tabs), not one page. */
export function useProviderSummary(filters: URLSearchParams, enabled: boolean) {
  const query = filters.toString();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['providers', 'summary', query],
    queryFn: () => api.get<ProviderSummary>(`/api/providers/summary${query ? `?${query}` : ''}`),
    refetchInterval: SEARCH_REFETCH_MS,
    placeholderData: searchPlaceholder<ProviderSummary>(queryClient, 'summary'),
    enabled,
  });
}
