import { onlineManager, type QueryClient } from '@tanstack/react-query';

/**
 * What a search shows before its first answer: the previous answer of this page, or, with no
 * connection, the newest answer of the same kind on the device (a search made before the signal
 * went, or one restored by lib/offline-cache.ts), so the driver still sees who was near.
 */
export const searchPlaceholder =
  <T>(queryClient: QueryClient, kind: 'search' | 'summary') =>
  (previous: T | undefined): T | undefined => {
    if (previous !== undefined || onlineManager.isOnline()) return previous;
    const [newest] = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['providers', kind], predicate: (q) => q.state.data !== undefined })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    return newest?.state.data as T | undefined;
  };
