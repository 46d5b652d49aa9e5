import type { PageData } from '#web/lib/page-data.ts';
import { providerQuery } from './api/use-provider.ts';

/** /providers/:id: the provider's details. */
const providerData: PageData = (client, { params }) =>
  params.id ? [client.prefetchQuery(providerQuery(params.id))] : [];
export default providerData;
