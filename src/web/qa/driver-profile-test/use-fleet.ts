import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, VehicleInfo } from '#core/users/schemas.ts';
import { meQueryKey } from '#web/features/auth/index.ts';
import { CheckFailure } from '../shared/checks.ts';
import type { QaApi, QaResponse } from '../shared/qa-api.ts';
import { readUser, updateUser } from '../shared/profile/users-api.ts';

/** Whose fleet the page shows: the signed-in driver's own, or a temporary test driver's. */
export interface FleetOwner {
  userId: string;
  api: QaApi;
  own: boolean;
}

const fleetKey = (userId: string) => ['qa', 'driver-fleet', userId] as const;

/** A failed call as an error that keeps the response (status, message, time). */
const failure = (response: QaResponse) =>
  new CheckFailure(`HTTP ${response.status}: ${response.message}`, response);

export function useFleetProfile(owner: FleetOwner | undefined) {
  return useQuery({
    queryKey: fleetKey(owner?.userId ?? ''),
    enabled: Boolean(owner),
    queryFn: async () => {
      const response = await readUser(owner!.api, owner!.userId);
      if (!response.ok) throw failure(response);
      return response.body;
    },
  });
}

/** Saves the whole vehicle info, and shows the answer on this page (and the profile, if own). */
export function useSaveFleet(owner: FleetOwner | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vehicleInfo: VehicleInfo) => {
      if (!owner) throw new Error('No driver to save to');
      const response = await updateUser(owner.api, owner.userId, { vehicleInfo });
      if (!response.ok) throw failure(response);
      return response.body;
    },
    onSuccess: (user: PublicUser) => {
      queryClient.setQueryData(fleetKey(user.id), user);
      if (owner?.own) queryClient.setQueryData(meQueryKey, user);
    },
  });
}
