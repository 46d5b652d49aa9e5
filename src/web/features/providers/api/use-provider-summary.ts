import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderSummary } from '#core/providers/search.ts';
import { api, apiUrl } from '#web/api/client.ts';
import { searchPlaceholder } from './kept-search.ts';
import type { SearchFilters } from './search-query.ts';
import { SEARCH_REFETCH_MS } from './use-provider-search.ts';

/** The counts of every provider the filters find (the summary cards and the tabs), not one page. */
export function useProviderSummary(filters: SearchFilters, enabled: boolean) {
  const queryClient = useQueryClient();
  // Keyed by the query string sent, which the searches kept on the device are told apart by.
  const [, sent = ''] = apiUrl('/providers/summary', { params: { query: filters } }).split('?');
  return useQuery({
    queryKey: ['providers', 'summary', sent],
    queryFn: (): Promise<ProviderSummary> =>
      api.get('/providers/summary', { params: { query: filters } }),
    refetchInterval: SEARCH_REFETCH_MS,
    placeholderData: searchPlaceholder<ProviderSummary>(queryClient, 'summary'),
    enabled,
  });
}
