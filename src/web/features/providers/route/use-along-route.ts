import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ApiPaths } from '#web/api/client.ts';

/** The route search's query, as the API takes it. */
export type AlongRouteQuery = NonNullable<
  ApiPaths['/providers/along-route']['get']['parameters']['query']
>;

/**
 * The nearby search's filters the route search shares (no circle, no paging): what the search
 * page's filters dialog sets, passed through as they are.
 */
export type RouteFilters = Pick<
  AlongRouteQuery,
  'q' | 'serviceType' | 'status' | 'minRating' | 'minFee' | 'maxFee' | 'is24Hour' | 'acceptsAAA'
>;

export const fetchAlongRoute = (query: AlongRouteQuery) =>
  api.get('/providers/along-route', { params: { query } });

/** The answer: providers along the route (nearest along it first), and the route to draw. */
export type AlongRouteAnswer = Awaited<ReturnType<typeof fetchAlongRoute>>;

/** Providers along the route for `query`; nothing is asked while it is null. */
export function useAlongRoute(query: AlongRouteQuery | null) {
  return useQuery({
    queryKey: ['providers', 'along-route', query],
    queryFn: () => fetchAlongRoute(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
