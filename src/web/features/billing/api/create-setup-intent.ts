import { api } from '#web/api/transport.ts';

/** A client secret to save a new card with; the card is confirmed in the page. */
export const createSetupIntent = () =>
  api.post<{ clientSecret: string }>('/api/payment-methods/setup-intent');
