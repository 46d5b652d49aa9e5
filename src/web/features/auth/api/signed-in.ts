import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#core/users/schemas.ts';
import { meQueryKey } from './use-me.ts';

/** After sign-in, sign-up or sign-out: nothing cached for the previous visitor survives. */
export function startSignedIn(queryClient: QueryClient, user: PublicUser | null) {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, user);
  void import('#web/lib/offline-cache.ts')
    .then((cache) => cache.forgetOfflineCache())
    .catch(() => undefined);
}
