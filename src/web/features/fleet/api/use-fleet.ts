import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Fleet } from '#core/fleet/schemas.ts';
import type { AssignTechnicianInput } from '#core/team/schemas.ts';
import { api } from '#web/api/client.ts';

export const fleetKeys = { all: ['fleet'] as const, of: (tz: string) => ['fleet', tz] as const };

/** The browser's time zone: the board is the business's day where the dispatcher sits. */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The dashboard: refetched on booking events by the page, and every minute as a safety net. */
export const fleetQuery = (tz: string) =>
  queryOptions({
    queryKey: fleetKeys.of(tz),
    queryFn: (): Promise<Fleet> => api.get('/fleet', { params: { query: { tz } } }),
    refetchInterval: 60_000,
  });

export const useFleet = (tz: string, enabled = true) => useQuery({ ...fleetQuery(tz), enabled });

/** Assigns a job to a technician (null: back to the owner) through PATCH /api/bookings/:id. */
export function useAssignJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, technicianId }: { id: string } & AssignTechnicianInput) =>
      api.patch('/bookings/{id}', {
        params: { path: { id } },
        // The assignment body of the same route (core/team/schemas.ts assignTechnicianSchema).
        body: { technicianId } as never,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}
