import { mfaStatusQuery } from '#web/features/auth/index.ts';
import type { PageData } from '#web/lib/page-data.ts';
import { adminProvidersQuery, PROVIDERS_PAGE_SIZE } from './api/use-admin-providers.ts';
import { dashboardQuery } from './api/use-dashboard.ts';

/**
 * /admin: the second-factor check and, once it lets the console open (an admin who must still
 * turn two-step sign-in on is refused everything else), the figures and, when the console opens
 * on its first tab without a search, the first page of providers (the filter the tab starts with).
 */
const adminData: PageData = (client, { search }) => [
  client
    .fetchQuery(mfaStatusQuery)
    .then((status) =>
      status.required && !status.totp
        ? undefined
        : Promise.all([
            client.prefetchQuery(dashboardQuery),
            ...((search.get('tab') ?? 'providers') === 'providers' && !search.get('q')
              ? [
                  client.prefetchQuery(
                    adminProvidersQuery({ page: 1, pageSize: PROVIDERS_PAGE_SIZE }),
                  ),
                ]
              : []),
          ]),
    ),
];
export default adminData;
