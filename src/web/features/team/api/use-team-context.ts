import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamContext } from '#core/team/schemas.ts';
import { api } from '#web/api/client.ts';
import { ApiError } from '#web/api/transport.ts';

/** The cache key of GET /api/team (the team feature's other keys live under ['team']). */
export const teamContextKey = ['team', 'context'] as const;

/**
 * The business the signed-in user works for (owner, dispatcher or technician). A mechanic
 * without a business answers 404: the hook then holds `null`, not an error. Kept free of zod and
 * of the rest of the team feature: the app shell's navigation reads it.
 */
export const teamContextQuery = queryOptions({
  queryKey: teamContextKey,
  queryFn: async (): Promise<TeamContext | null> => {
    try {
      return await api.get('/team');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export const useTeamContext = (enabled = true) => useQuery({ ...teamContextQuery, enabled });
