import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ProviderListItem } from '#core/providers/search.ts';
import { apiClient, apiUrl } from '#web/api/client.ts';
import { ApiError } from '#web/api/transport.ts';
import { searchPlaceholder } from './kept-search.ts';
import { cursorOf, nextLink, type ListQuery } from './search-query.ts';

/** As specified: the list refreshes every 30 seconds. */
export const SEARCH_REFETCH_MS = 30_000;

export interface SearchPage {
  providers: ProviderListItem[];
  /** The next page's address from the answer's `Link: <…>; rel="next"`, or null on the last page. */
  next: string | null;
}

/**
 * A page's address from the server (a previous page's `next`), or null for the first page; only
 * its cursor is read, so an address without one (as kept on the device before) is the first page.
 */
type PageParam = string | null;
const FIRST_PAGE: PageParam = null;

/** One page of a search: the list's query, with the cursor of the server's address for the page. */
export async function fetchSearchPage(query: ListQuery, page: PageParam): Promise<SearchPage> {
  const { data, response } = await apiClient.GET('/providers', {
    params: { query: { ...query, cursor: page === null ? undefined : cursorOf(page) } },
  });
  if (!Array.isArray(data))
    throw new ApiError(response.status, `${response.status}: ${response.statusText}`);
  return { providers: data, next: nextLink(response.headers.get('link')) };
}

/**
 * The list, a page at a time ("Show more" loads the next); every loaded page refreshes together.
 * Its key holds the first page's address, which the searches kept on the device are told apart by.
 */
export function useProviderSearch(query: ListQuery | null, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: ['providers', 'search', query && apiUrl('/providers', { params: { query } })],
    queryFn: ({ pageParam }) => fetchSearchPage(query ?? {}, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: SEARCH_REFETCH_MS,
    placeholderData: searchPlaceholder<InfiniteData<SearchPage, PageParam>>(queryClient, 'search'),
    enabled: enabled && query !== null,
  });
}
