import { useMutation } from '@tanstack/react-query';
import type { AdminProviderChange } from '#core/admin/schemas.ts';
import type { Provider } from '#core/providers/schemas.ts';
import { api } from '#web/api/transport.ts';
import { useRefreshAdmin } from './admin-keys.ts';

/** A provider's status, or the verification decision (a rejection carries a reason). */
export function useUpdateProvider() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminProviderChange }) =>
      api.patch<Provider>(`/api/admin/providers/${id}`, change),
    onSuccess: refresh,
  });
}
