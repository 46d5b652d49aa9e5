import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProviderResult } from '../../../../core/providers/search.ts';
import { api } from '../../../lib/api-client.ts';
import { FEE, type SearchState } from '../search-state.ts';
import type { Position } from '../use-driver-location.ts';

/** SPEC.md §9: the list refreshes every 30 seconds. */
export const SEARCH_REFETCH_MS = 30_000;

/** The API query for a search: filters go to the server; the type tabs filter on the client. */
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

export function useProviderSearch(params: URLSearchParams, enabled: boolean) {
  const query = params.toString();
  return useQuery({
    queryKey: ['providers', 'search', query],
    queryFn: () => api.get<ProviderResult[]>(`/api/providers${query ? `?${query}` : ''}`),
    refetchInterval: SEARCH_REFETCH_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}
