import { api } from '#web/api/client.ts';

/** A client secret to save a new card with; the card is confirmed in the page. */
export const createSetupIntent = (): Promise<{ clientSecret: string }> =>
  api.post('/payment-methods/setup-intent');
