import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/api/client.ts';
import { meQueryKey } from '#web/features/auth/index.ts';

/** "Send again": a new link to the signed-in user's email. */
export const useSendEmailLink = () =>
  useMutation({ mutationFn: () => api.post('/users/me/contacts/email/confirmation') });

/** Texts a new 6-digit code to the signed-in user's phone. */
export const useSendPhoneCode = () =>
  useMutation({ mutationFn: () => api.post('/users/me/contacts/phone/code') });

/** Checks the code; on success the session's user shows the phone confirmed. */
export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post('/users/me/contacts/phone/confirm', { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** Opens an email confirmation link (signed in or not). */
export function useConfirmContactEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post('/contacts/email/confirm', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
