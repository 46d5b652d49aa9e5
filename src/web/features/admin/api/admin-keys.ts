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
  disputes: ['admin', 'disputes'] as const,
};

/** A query string from the values that are set: `?a=1&b=x`, or '' when none is. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
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
