import type { ConfirmResult } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';

/** Test mode only: the bank's authentication step (3-D Secure), completed or failed. */
export const authenticateTestPayment = (
  clientSecret: string,
  approve: boolean,
): Promise<ConfirmResult> =>
  api.post('/test-gateway/authenticate', { body: { clientSecret, approve } });
