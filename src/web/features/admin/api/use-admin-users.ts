import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser, AdminUsersQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, setOnly } from './admin-keys.ts';

export type UsersFilter = Partial<AdminUsersQuery>;

/** One page of users matching a role and a search; the previous page stays while the next loads. */
export const useAdminUsers = (filter: UsersFilter) =>
  useQuery({
    queryKey: adminKeys.users(filter),
    queryFn: (): Promise<{ users: AdminUser[]; total: number }> =>
      api.get('/admin/users', { params: { query: setOnly(filter) } }),
    placeholderData: keepPreviousData,
  });
