import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ProviderDetails, ProviderListItem } from '#core/providers/search.ts';
import { api } from '#web/lib/api-client.ts';
import type { SearchPage } from './use-provider-search.ts';

export const useProvider = (id: string) =>
  useQuery({
    queryKey: ['providers', id],
    queryFn: () => api.get<ProviderDetails>(`/api/providers/${id}`),
  });

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
