import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ErrorBody } from '#core/errors.ts';
import type { ProviderListItem } from '#core/providers/search.ts';
import { ApiError } from '#web/api/transport.ts';
import { FEE, type SearchState } from '../search-state.ts';
import { searchPlaceholder } from './kept-search.ts';
import type { Position } from '../use-driver-location.ts';

/** As specified: the list refreshes every 30 seconds. */
export const SEARCH_REFETCH_MS = 30_000;

/**
 * The API query of the dialog's filters (the summary counts use these); the list adds the type
 * tab's service type (`listPath`).
 */
export function searchParams(
  state: SearchState,
  q: string,
  position: Position | null,
): URLSearchParams {
  const p = new URLSearchParams();
  if (position) {
    p.set('latitude', position.latitude.toFixed(5));
    p.set('longitude', position.longitude.toFixed(5));
    p.set('radius', String(state.distance));
  }
  if (q.trim()) p.set('q', q.trim());
  if (state.serviceType !== 'all') p.set('serviceType', state.serviceType);
  if (state.availability !== 'all') p.set('status', state.availability);
  if (state.rating !== 'any') p.set('minRating', state.rating);
  if (state.minFee > FEE.min) p.set('minFee', String(state.minFee));
  if (state.maxFee < FEE.max) p.set('maxFee', String(state.maxFee));
  if (state.is24Hour) p.set('is24Hour', 'true');
  if (state.acceptsAAA) p.set('acceptsAAA', 'true');
  return p;
}

/**
 * The first page's address for the type tab, or null when the tab and the dialog's service type
 * differ (nothing can match both).
 */
export function listPath(filters: URLSearchParams, tab: SearchState['tab']): string | null {
  const p = new URLSearchParams(filters);
  const chosen = p.get('serviceType');
  if (tab !== 'all') {
    if (chosen !== null && chosen !== tab) return null;
    p.set('serviceType', tab);
  }
  const query = p.toString();
  return `/api/providers${query ? `?${query}` : ''}`;
}

export interface SearchPage {
  providers: ProviderListItem[];
  /** The next page's address from the answer's `Link: <…>; rel="next"`, or null on the last page. */
  next: string | null;
}

/** The address of `rel="next"` in a Link header. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/i.test(match[2]!)) return match[1]!;
  }
  return null;
}

/** One page of a search, with the Link header the shared api client does not hand back. */
export async function fetchSearchPage(path: string): Promise<SearchPage> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'Cannot reach Truck Finder. Check your connection and try again.');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok || !Array.isArray(body)) {
    const error = body as Partial<ErrorBody> | undefined;
    throw new ApiError(
      response.status,
      error?.error || `${response.status}: ${text || response.statusText}`,
      error?.fields,
    );
  }
  return { providers: body as ProviderListItem[], next: nextLink(response.headers.get('link')) };
}

/** The list, a page at a time ("Show more" loads the next); every loaded page refreshes together. */
export function useProviderSearch(path: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: ['providers', 'search', path],
    queryFn: ({ pageParam }) => fetchSearchPage(pageParam),
    initialPageParam: path ?? '',
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: SEARCH_REFETCH_MS,
    placeholderData: searchPlaceholder<InfiniteData<SearchPage, string>>(queryClient, 'search'),
    enabled: enabled && path !== null,
  });
}
