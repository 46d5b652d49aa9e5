import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#core/admin/schemas.ts';
import type {
  AdminAccountManager,
  AdminSupportRequest,
  SupportQueueQuery,
} from '#core/support/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys } from './admin-keys.ts';

const supportKeys = {
  queue: (status: string) => [...adminKeys.all, 'support', status] as const,
  manager: (providerId: string) => [...adminKeys.all, 'account-manager', providerId] as const,
  admins: [...adminKeys.all, 'support', 'admins'] as const,
};

/** The support queue: the caller's managed businesses first, then by plan when sent, then age. */
export const useSupportQueue = (status: SupportQueueQuery['status']) =>
  useQuery({
    queryKey: supportKeys.queue(status),
    queryFn: (): Promise<AdminSupportRequest[]> =>
      api.get('/admin/support-requests', { params: { query: { status } } }),
    refetchInterval: 60_000,
  });

export function useReplySupport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      api.post('/admin/support-requests/{id}/replies', {
        params: { path: { id } },
        body: { message },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...adminKeys.all, 'support'] }),
  });
}

/** A business's plan and account manager. */
export const useAccountManagerOf = (providerId: string) =>
  useQuery({
    queryKey: supportKeys.manager(providerId),
    queryFn: (): Promise<AdminAccountManager> =>
      api.get('/admin/providers/{id}/account-manager', { params: { path: { id: providerId } } }),
  });

/** The admins who may be named account manager (active ones; the first 100 by name order). */
export const useAdmins = () =>
  useQuery({
    queryKey: supportKeys.admins,
    queryFn: async (): Promise<AdminUser[]> => {
      const page: { users: AdminUser[] } = await api.get('/admin/users', {
        params: { query: { role: 'admin', pageSize: 100 } },
      });
      return page.users.filter((user) => user.suspendedAt === null);
    },
  });

export function useSetAccountManager(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (adminId: string | null): Promise<{ adminId: string | null }> =>
      api.put('/admin/providers/{id}/account-manager', {
        params: { path: { id: providerId } },
        body: { adminId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.manager(providerId) }),
  });
}
