import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '#core/auth/schemas.ts';
import type { MfaStatus, StepUpInput, TotpSetup } from '#core/auth/second-factor.ts';
import { api, apiRequest } from '#web/api/transport.ts';
import { startSignedIn } from './signed-in.ts';

export const mfaStatusKey = ['auth', 'mfa'] as const;

/** Whether two-step sign-in is on for the signed-in account, and whether it must be. */
export const useMfaStatus = () =>
  useQuery({ queryKey: mfaStatusKey, queryFn: () => api.get<MfaStatus>('/api/auth/mfa') });

export const useTotpSetup = () =>
  useMutation({ mutationFn: () => api.post<TotpSetup>('/api/auth/mfa/totp/setup') });

export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/api/auth/mfa/totp/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<void>('DELETE', '/api/auth/mfa/totp', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}

/** The second step of a sign-in that answered `{mfaRequired: true}`. */
export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<AuthResponse>('/api/auth/mfa/verify', { code }),
    onSuccess: ({ user }) => startSignedIn(queryClient, user),
  });
}

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StepUpInput) =>
      api.post<{ verifiedUntil: string }>('/api/auth/step-up', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}
