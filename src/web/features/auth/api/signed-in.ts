import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#core/users/schemas.ts';
import { meQueryKey } from './use-me.ts';

type Preparation = (user: PublicUser) => Promise<unknown> | undefined;
let prepare: Preparation = () => undefined;

/**
 * What the app's frame must have before an account is on the screen (app/layout/app-layout.tsx:
 * the contacts banner's code), so the page the account lands on does not move when it arrives.
 */
export function prepareSignedIn(preparation: Preparation) {
  prepare = preparation;
}

/**
 * After sign-in, sign-up or sign-out: nothing cached for the previous visitor survives. A signed-in
 * account waits for `prepareSignedIn`'s preparation (a failed one does not stop it); signing out
 * happens at once.
 */
export async function startSignedIn(queryClient: QueryClient, user: PublicUser | null) {
  const preparing = user ? prepare(user) : undefined;
  if (preparing) await preparing.catch(() => undefined);
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, user);
  void import('#web/lib/offline-cache.ts')
    .then((cache) => cache.forgetOfflineCache())
    .catch(() => undefined);
}
