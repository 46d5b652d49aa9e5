import type { ConfirmResult, TestCardInput } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';

/** Test mode only: what Stripe.js does with a card — confirms a payment or a card to save. */
export const confirmWithTestCard = (
  clientSecret: string,
  card: TestCardInput,
): Promise<ConfirmResult> => api.post('/test-gateway/confirm', { body: { clientSecret, card } });
