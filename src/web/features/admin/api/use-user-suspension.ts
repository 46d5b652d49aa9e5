import { useMutation } from '@tanstack/react-query';
import type { AdminUser } from '#core/admin/schemas.ts';
import { api } from '#web/api/transport.ts';
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
    }) =>
      suspend
        ? api.post<AdminUser>(`/api/admin/users/${userId}/suspend`, { reason })
        : api.post<AdminUser>(`/api/admin/users/${userId}/reactivate`, reason ? { reason } : {}),
    onSuccess: refresh,
  });
}
