import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthResponse, registerSchema } from '#core/auth/schemas.ts';
import { api } from '#web/api/client.ts';
import { startSignedIn } from './signed-in.ts';

export type RegisterPayload = z.input<typeof registerSchema>;

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterPayload): Promise<AuthResponse> =>
      api.post('/auth/register', { body: input }),
    onSuccess: ({ user }) => startSignedIn(queryClient, user),
  });
}
