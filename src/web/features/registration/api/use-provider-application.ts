import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderApplication } from '#core/providers/schemas.ts';
import { api } from '#web/api/client.ts';
import { startSignedIn } from '#web/features/auth/index.ts';

export function useProviderApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProviderApplication) => api.post('/provider-applications', { body: input }),
    onSuccess: ({ user }) => startSignedIn(queryClient, user),
  });
}
