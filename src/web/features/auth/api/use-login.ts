import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#core/auth/schemas.ts';
import type { LoginResponse } from '#core/auth/second-factor.ts';
import { api } from '#web/api/client.ts';
import { startSignedIn } from './signed-in.ts';

/** Signs in, or answers `{mfaRequired: true}` when the account asks for its two-step code next. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput): Promise<LoginResponse> =>
      api.post('/auth/login', { body: input }),
    onSuccess: (result) => ('user' in result ? startSignedIn(queryClient, result.user) : undefined),
  });
}
