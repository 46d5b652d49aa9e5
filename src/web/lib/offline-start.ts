import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Something lib/offline-cache.ts would keep that is worth keeping: a signed-in session, bookings,
 * a search or a provider. A visitor who only saw the landing page has none, and never loads it.
 */
const worthKeeping = (query: Query) =>
  query.state.status === 'success' &&
  (query.queryKey[0] === 'auth'
    ? query.state.data !== null && query.state.data !== undefined
    : query.queryKey[0] === 'bookings' || query.queryKey[0] === 'providers');

/** Starts keeping the cache's answers on the device once there is one worth keeping. */
export function keepOfflineCacheWhenWorthIt(queryClient: QueryClient) {
  const cache = queryClient.getQueryCache();
  let stopWaiting = () => {};
  const start = () => {
    stopWaiting();
    void import('./offline-cache.ts').then((kept) => kept.keepOfflineCache(queryClient));
  };
  if (cache.findAll({ predicate: worthKeeping }).length > 0) return start();
  stopWaiting = cache.subscribe((event) => {
    if (event.type === 'updated' && worthKeeping(event.query)) start();
  });
}
