import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiToken,
  CreateApiTokenInput,
  CreatedApiToken,
} from '#core/integrations/api-tokens.ts';
import { api } from '#web/api/client.ts';

export const apiTokenKeys = { all: ['api-tokens'] as const };

/** The business's API tokens not revoked (the owner's). */
export const useApiTokens = (enabled = true) =>
  useQuery({
    queryKey: apiTokenKeys.all,
    enabled,
    queryFn: (): Promise<ApiToken[]> => api.get('/api-tokens'),
  });

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenInput): Promise<CreatedApiToken> =>
      api.post('/api-tokens', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api-tokens/{id}', { params: { path: { id } } }),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
