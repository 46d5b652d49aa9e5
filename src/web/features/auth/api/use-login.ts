import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginInput } from '#core/auth/schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { startSignedIn } from './signed-in.ts';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<AuthResponse>('/api/auth/login', input),
    onSuccess: ({ user }) => startSignedIn(queryClient, user),
  });
}
