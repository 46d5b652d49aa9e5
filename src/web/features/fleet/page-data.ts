import type { PageData } from '#web/lib/page-data.ts';
import { browserTimeZone, fleetQuery } from './api/use-fleet.ts';

/** /fleet: the board in the browser's time zone, as the page asks for it, when the plan has it. */
const fleetData: PageData = (client, { team }) => [
  (team ?? Promise.resolve(null)).then((context) =>
    context?.features.includes('fleet')
      ? client.prefetchQuery(fleetQuery(browserTimeZone()))
      : undefined,
  ),
];
export default fleetData;
