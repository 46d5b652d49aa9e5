import { useQueryClient } from '@tanstack/react-query';

/** Every admin query sits under `admin`, so one invalidation refreshes the whole console. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: (query: object) => ['admin', 'users', query] as const,
  providers: (query: object) => ['admin', 'providers', query] as const,
  bookings: (query: object) => ['admin', 'bookings', query] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
  outbox: (query: object) => ['admin', 'outbox', query] as const,
  deliveries: (query: object) => ['admin', 'deliveries', query] as const,
  disputes: ['admin', 'disputes'] as const,
  cardDisputes: ['admin', 'card-disputes'] as const,
  ledgerSummary: ['admin', 'ledger', 'summary'] as const,
  discrepancies: ['admin', 'ledger', 'discrepancies'] as const,
};

/** A filter as a query: an empty text is left out of the address, like a value that is not set. */
export function setOnly<Filter extends object>(filter: Filter): Filter {
  const query = { ...filter };
  for (const [key, value] of Object.entries(query))
    if (value === '') Reflect.deleteProperty(query, key);
  return query;
}

/**
 * After any admin change: the console, and the screens elsewhere that show the same providers,
 * bookings and users (search, bookings, the signed-in user's own record).
 */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['providers'] }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
    ]);
}
