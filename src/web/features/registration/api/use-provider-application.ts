import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Provider, ProviderApplication } from '#core/providers/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { startSignedIn } from '#web/features/auth/index.ts';

export function useProviderApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProviderApplication) =>
      api.post<{ user: PublicUser; provider: Provider }>('/api/provider-applications', input),
    onSuccess: ({ user }) => startSignedIn(queryClient, user),
  });
}
