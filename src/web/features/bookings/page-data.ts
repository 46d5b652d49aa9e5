import { allowanceQuery } from '#web/features/billing/index.ts';
import { askedHelpQuery, helpRequestsQuery } from '#web/features/help-requests/index.ts';
import type { PageData } from '#web/lib/page-data.ts';
import { bookingsQuery } from './api/use-bookings.ts';

/**
 * /bookings: the bookings, a driver's help requests, the requests a shop was asked (its owner and
 * dispatchers see them) and the owner's allowance, as the page shows them.
 */
const bookingsData: PageData = (client, { user }) => [
  client.prefetchQuery(bookingsQuery),
  ...(user?.role === 'driver' ? [client.prefetchQuery(helpRequestsQuery)] : []),
  ...(user?.role === 'mechanic' || user?.role === 'dispatcher'
    ? [client.prefetchQuery(askedHelpQuery)]
    : []),
  ...(user?.role === 'mechanic' ? [client.prefetchQuery(allowanceQuery)] : []),
];
export default bookingsData;
