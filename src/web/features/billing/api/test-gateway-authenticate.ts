import type { ConfirmResult } from '#core/billing/schemas.ts';
import { api } from '#web/api/transport.ts';

/** Test mode only: the bank's authentication step (3-D Secure), completed or failed. */
export const authenticateTestPayment = (clientSecret: string, approve: boolean) =>
  api.post<ConfirmResult>('/api/test-gateway/authenticate', { clientSecret, approve });
