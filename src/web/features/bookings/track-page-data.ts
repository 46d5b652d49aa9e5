import type { PageData } from '#web/lib/page-data.ts';
import { trackedJobQuery } from './api/use-share-links.ts';

/** /track/:token: the shared job, for anyone holding the link. */
const trackData: PageData = (client, { params }) =>
  params.token ? [client.prefetchQuery(trackedJobQuery(params.token))] : [];
export default trackData;
