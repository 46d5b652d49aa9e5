import { mfaStatusQuery } from '#web/features/auth/index.ts';
import { preferencesQuery } from '#web/features/notifications/index.ts';
import { metaQuery } from '#web/lib/use-meta.ts';
import type { PageData } from '#web/lib/page-data.ts';
import { businessQuery } from './api/business-query.ts';

/**
 * /profile: the code of the role's profile; a mechanic's business; a driver's or an admin's
 * security and notification cards.
 */
const profileData: PageData = (client, { user }) =>
  !user
    ? []
    : [
        // Through the page's module: what the role's code shares with the page stays in the page's chunk.
        import('./pages/profile-page.tsx').then((page) => page.loadProfileOf(user.role)),
        ...(user.role === 'mechanic'
          ? [client.prefetchQuery(businessQuery(user.id))]
          : user.role === 'driver' || user.role === 'admin'
            ? [
                client.prefetchQuery(metaQuery),
                client.prefetchQuery(mfaStatusQuery),
                client.prefetchQuery(preferencesQuery),
              ]
            : []),
      ];
export default profileData;
