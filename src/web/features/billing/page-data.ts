import type { PageData } from '#web/lib/page-data.ts';
import { receiptQuery } from './api/use-receipt.ts';

/** /receipts/:id: the payment the receipt shows. */
const receiptData: PageData = (client, { params }) =>
  params.id ? [client.prefetchQuery(receiptQuery(params.id))] : [];
export default receiptData;
