import type { ApiPaths } from '#web/api/client.ts';
import { FEE, statusFilter, type SearchState } from '../search-state.ts';
import type { Position } from '../use-driver-location.ts';

/** The filters of a search: the summary's query, and the list's without its tab and page. */
export type SearchFilters = NonNullable<
  ApiPaths['/providers/summary']['get']['parameters']['query']
>;
/** The list's query: the filters with the type tab's service type, and a page's cursor. */
export type ListQuery = NonNullable<ApiPaths['/providers']['get']['parameters']['query']>;

/** A position to 5 decimals (about a metre): a driver's small moves ask the same search. */
const coordinate = (degrees: number) => Number(degrees.toFixed(5));

/** The dialog's filters as the API's query; the defaults are left out. */
export function searchFilters(
  state: SearchState,
  q: string,
  position: Position | null,
): SearchFilters {
  return {
    ...(position && {
      latitude: coordinate(position.latitude),
      longitude: coordinate(position.longitude),
      radius: state.distance,
    }),
    q: q.trim() || undefined,
    serviceType: state.serviceType === 'all' ? undefined : state.serviceType,
    status: statusFilter(state.availability),
    minRating: state.rating === 'any' ? undefined : Number(state.rating),
    minFee: state.minFee > FEE.min ? state.minFee : undefined,
    maxFee: state.maxFee < FEE.max ? state.maxFee : undefined,
    is24Hour: state.is24Hour ? 'true' : undefined,
    acceptsAAA: state.acceptsAAA ? 'true' : undefined,
  };
}

/**
 * The first page's query for the type tab, or null when the tab and the dialog's service type
 * differ (nothing can match both).
 */
export function listQuery(filters: SearchFilters, tab: SearchState['tab']): ListQuery | null {
  if (tab === 'all') return filters;
  if (filters.serviceType !== undefined && filters.serviceType !== tab) return null;
  return { ...filters, serviceType: tab };
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

/**
 * The cursor in a next page's address from the server (the same filters and a cursor); only the
 * address's query is read, so the base it is resolved against does not matter.
 */
export const cursorOf = (address: string): string | undefined =>
  new URL(address, 'http://localhost').searchParams.get('cursor') ?? undefined;
