import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput } from '#core/auth/account-changes.ts';
import type { DeleteAccountInput } from '#core/users/schemas.ts';
import { api, apiRequest } from '#web/api/transport.ts';
import { startSignedIn } from '#web/features/auth/index.ts';

type Message = { message: string };

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.post<Message>('/api/auth/change-password', input),
  });

export const useChangeEmail = () =>
  useMutation({
    mutationFn: (input: ChangeEmailInput) => api.post<Message>('/api/auth/change-email', input),
  });

export const useConfirmEmail = () =>
  useMutation({
    mutationFn: (token: string) => api.post<Message>('/api/auth/confirm-email', { token }),
  });

/** Ends every session of the account; this browser is signed out too. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/sign-out-everywhere'),
    onSuccess: () => startSignedIn(queryClient, null),
  });
}

/** Deletes the signed-in account (password confirmed); this browser is signed out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest<void>('DELETE', '/api/users/me', input),
    onSuccess: () => startSignedIn(queryClient, null),
  });
}
