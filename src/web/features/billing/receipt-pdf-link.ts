import { apiUrl } from '#web/api/client.ts';

/** The payment's receipt (or plan invoice) as a PDF: a file download, sent with the session cookie. */
export const receiptPdfUrl = (paymentId: string) =>
  apiUrl('/payments/{id}/receipt.pdf', { params: { path: { id: paymentId } } });

/** A payment that went through (or was refunded) has a PDF receipt; one in play or failed has not. */
export const hasPdfReceipt = (status: string) => status === 'completed' || status === 'refunded';
