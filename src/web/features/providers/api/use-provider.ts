import { queryOptions, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ProviderListItem } from '#core/providers/search.ts';
import { api } from '#web/api/client.ts';
import type { SearchPage } from './use-provider-search.ts';

export const providerQuery = (id: string) =>
  queryOptions({
    queryKey: ['providers', id],
    queryFn: () => api.get('/providers/{id}', { params: { path: { id } } }),
  });

export const useProvider = (id: string) => useQuery(providerQuery(id));

/**
 * A provider to book: their details, or, while those cannot be fetched (no connection), the card
 * the search already showed, so a request can still be made and queued.
 */
export function useBookableProvider(id: string) {
  const queryClient = useQueryClient();
  const details = useProvider(id);
  const listed: ProviderListItem | undefined = details.data
    ? undefined
    : queryClient
        .getQueriesData<InfiniteData<SearchPage>>({ queryKey: ['providers', 'search'] })
        .flatMap(([, data]) => data?.pages.flatMap((page) => page.providers) ?? [])
        .find((provider) => provider.id === id);
  return { data: details.data ?? listed, isError: details.isError && !listed };
}
