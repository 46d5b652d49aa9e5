import { queryOptions } from '@tanstack/react-query';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import { api } from '#web/api/client.ts';
import { ApiError } from '#web/api/transport.ts';

export const businessKey = (userId: string) => ['providers', 'by-user', userId] as const;

/** The mechanic's own business, or null when they have not created one yet. */
export const businessQuery = (userId: string) =>
  queryOptions({
    queryKey: businessKey(userId),
    queryFn: async (): Promise<OwnProvider | null> => {
      try {
        return await api.get('/service-providers/by-user/{userId}', {
          params: { path: { userId } },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
