import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderStatus } from '#core/providers/catalog.ts';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import type {
  CreateBusinessRequest,
  Provider,
  UpdateBusinessInput,
} from '#core/providers/schemas.ts';
import type { PublicUser, UpdateUserInput } from '#core/users/schemas.ts';
import { api } from '#web/api/client.ts';
import { meQueryKey } from '#web/features/auth/index.ts';
import { businessKey, businessQuery } from './business-query.ts';

export const useMyBusiness = (userId: string | undefined) =>
  useQuery({ ...businessQuery(userId ?? ''), enabled: Boolean(userId) });

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateUserInput): Promise<PublicUser> =>
      api.patch('/users/{id}', { params: { path: { id: userId } }, body: changes }),
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

/** Any change to the business also changes search answers. */
function useBusinessMutation<T>(userId: string, request: (input: T) => Promise<Provider>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (provider) => {
      // Only some answers carry the changes awaiting review; the others keep what was known.
      queryClient.setQueryData(
        businessKey(userId),
        (known: OwnProvider | null | undefined): OwnProvider => ({
          pendingChanges: known?.pendingChanges ?? null,
          ...provider,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['providers', 'search'] });
    },
  });
}

export const useUpdateBusiness = (userId: string, providerId: string) =>
  useBusinessMutation(userId, (changes: UpdateBusinessInput) =>
    api.patch('/service-providers/{id}', { params: { path: { id: providerId } }, body: changes }),
  );

export const useCreateBusiness = (userId: string) =>
  useBusinessMutation(userId, (input: CreateBusinessRequest) =>
    api.post('/service-providers', { body: input }),
  );

export const useSetAvailability = (userId: string, providerId: string) =>
  useBusinessMutation(userId, (status: ProviderStatus) =>
    api.put('/providers/{id}/status', { params: { path: { id: providerId } }, body: { status } }),
  );

const imageForm = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file);
  return form;
};

export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<PublicUser> =>
      api.upload('/users/{id}/avatar', imageForm('avatar', file), {
        params: { path: { id: userId } },
      }),
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

export const useUploadBusinessPhoto = (userId: string, providerId: string) =>
  useBusinessMutation(userId, (file: File) =>
    api.upload('/service-providers/{id}/photo', imageForm('photo', file), {
      params: { path: { id: providerId } },
    }),
  );
