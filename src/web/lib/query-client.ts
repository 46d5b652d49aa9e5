import { QueryClient } from '@tanstack/react-query';

/** As specified: never stale, no refetch on focus, no polling by default, no retries, collected after 5 minutes. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
