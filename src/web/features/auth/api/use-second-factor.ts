import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '#core/auth/schemas.ts';
import type { StepUpInput, TotpSetup } from '#core/auth/second-factor.ts';
import { api } from '#web/api/client.ts';
import { mfaStatusKey, mfaStatusQuery } from './mfa-status-query.ts';
import { startSignedIn } from './signed-in.ts';

export const useMfaStatus = () => useQuery(mfaStatusQuery);

export const useTotpSetup = () =>
  useMutation({ mutationFn: (): Promise<TotpSetup> => api.post('/auth/mfa/totp/setup') });

export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post('/auth/mfa/totp/enable', { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.delete('/auth/mfa/totp', { body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}

/** The second step of a sign-in that answered `{mfaRequired: true}`. */
export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<AuthResponse> =>
      api.post('/auth/mfa/verify', { body: { code } }),
    onSuccess: ({ user }) => startSignedIn(queryClient, user),
  });
}

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StepUpInput) => api.post('/auth/step-up', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}
