import { allowanceQuery } from '#web/features/billing/index.ts';
import { askedHelpQuery, helpRequestsQuery } from '#web/features/help-requests/index.ts';
import type { PageData } from '#web/lib/page-data.ts';
import { bookingsQuery } from './api/use-bookings.ts';

/** /bookings: the bookings, and a driver's help requests or a shop's invitations and allowance. */
const bookingsData: PageData = (client, { user }) => [
  client.prefetchQuery(bookingsQuery),
  ...(user?.role === 'driver'
    ? [client.prefetchQuery(helpRequestsQuery)]
    : user?.role === 'mechanic'
      ? [client.prefetchQuery(askedHelpQuery), client.prefetchQuery(allowanceQuery)]
      : []),
];
export default bookingsData;
