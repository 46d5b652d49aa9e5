import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput } from '#core/auth/account-changes.ts';
import type { DeleteAccountInput } from '#core/users/schemas.ts';
import { api } from '#web/api/client.ts';
import { startSignedIn } from '#web/features/auth/index.ts';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/auth/change-password', { body: input }),
  });

export const useChangeEmail = () =>
  useMutation({
    mutationFn: (input: ChangeEmailInput) => api.post('/auth/change-email', { body: input }),
  });

export const useConfirmEmail = () =>
  useMutation({
    mutationFn: (token: string) => api.post('/auth/confirm-email', { body: { token } }),
  });

/** Ends every session of the account; this browser is signed out too. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/sign-out-everywhere'),
    onSuccess: () => startSignedIn(queryClient, null),
  });
}

/** Deletes the signed-in account (password confirmed); this browser is signed out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api.delete('/users/me', { body: input }),
    onSuccess: () => startSignedIn(queryClient, null),
  });
}
