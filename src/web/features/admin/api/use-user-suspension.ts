import { useMutation } from '@tanstack/react-query';
import type { AdminUser } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshAdmin } from './admin-keys.ts';

/** Suspends (a reason is required) or reactivates (a reason is optional) an account. */
export function useUserSuspension() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({
      userId,
      suspend,
      reason,
    }: {
      userId: string;
      suspend: boolean;
      reason?: string | undefined;
    }): Promise<AdminUser> => {
      const params = { path: { id: userId } };
      return suspend
        ? api.post('/admin/users/{id}/suspend', { params, body: { reason: reason ?? '' } })
        : api.post('/admin/users/{id}/reactivate', { params, body: reason ? { reason } : {} });
    },
    onSuccess: refresh,
  });
}
