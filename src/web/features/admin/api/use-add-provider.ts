import { useMutation } from '@tanstack/react-query';
import type { AdminAddProvider, AdminProvider, AdminUser } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshAdmin } from './admin-keys.ts';

/** A verified business and its mechanic account; the owner gets a set-password link by email. */
export function useAddProvider() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: AdminAddProvider): Promise<{ provider: AdminProvider; user: AdminUser }> =>
      api.post('/admin/providers', { body }),
    onSuccess: refresh,
  });
}
