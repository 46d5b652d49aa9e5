import { useMutation } from '@tanstack/react-query';
import type { AdminProviderChange } from '#core/admin/schemas.ts';
import type { Provider } from '#core/providers/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshAdmin } from './admin-keys.ts';

/** A provider's status, or the verification decision (a rejection carries a reason). */
export function useUpdateProvider() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminProviderChange }): Promise<Provider> =>
      api.patch('/admin/providers/{id}', { params: { path: { id } }, body: change }),
    onSuccess: refresh,
  });
}
