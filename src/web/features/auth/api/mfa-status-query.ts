import { queryOptions } from '@tanstack/react-query';
import type { MfaStatus } from '#core/auth/second-factor.ts';
import { api } from '#web/api/client.ts';

export const mfaStatusKey = ['auth', 'mfa'] as const;

/** Whether two-step sign-in is on for the signed-in account, and whether it must be. */
export const mfaStatusQuery = queryOptions({
  queryKey: mfaStatusKey,
  queryFn: (): Promise<MfaStatus> => api.get('/auth/mfa'),
});
