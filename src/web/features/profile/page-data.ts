import { mfaStatusQuery } from '#web/features/auth/index.ts';
import { preferencesQuery } from '#web/features/notifications/index.ts';
import { metaQuery } from '#web/lib/use-meta.ts';
import type { PageData } from '#web/lib/page-data.ts';
import { businessQuery } from './api/business-query.ts';

// Through the page's module: what the role's code shares with the page stays in the page's chunk.
const page = () => import('./pages/profile-page.tsx');

/**
 * /profile: the code of the role's profile; a mechanic's business (and its creation form when
 * there is none); a driver's or an admin's security and notification cards.
 */
const profileData: PageData = (client, { user }) =>
  !user
    ? []
    : [
        page().then((profile) => profile.loadProfileOf(user.role)),
        ...(user.role === 'mechanic'
          ? [
              // Without a business, the profile opens on its creation form.
              client
                .fetchQuery(businessQuery(user.id))
                .then((business) =>
                  business ? undefined : page().then((profile) => profile.loadCreateBusiness()),
                ),
            ]
          : user.role === 'driver' || user.role === 'admin'
            ? [
                client.prefetchQuery(metaQuery),
                client.prefetchQuery(mfaStatusQuery),
                client.prefetchQuery(preferencesQuery),
              ]
            : []),
      ];
export default profileData;
