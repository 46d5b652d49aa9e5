import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser, AdminUsersQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/transport.ts';
import { adminKeys, toQuery } from './admin-keys.ts';

export type UsersFilter = Partial<AdminUsersQuery>;

/** One page of users matching a role and a search; the previous page stays while the next loads. */
export const useAdminUsers = (filter: UsersFilter) =>
  useQuery({
    queryKey: adminKeys.users(filter),
    queryFn: () =>
      api.get<{ users: AdminUser[]; total: number }>(`/api/admin/users${toQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
