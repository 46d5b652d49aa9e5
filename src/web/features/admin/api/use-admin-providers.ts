import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProvider, AdminProvidersQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/transport.ts';
import { adminKeys, toQuery } from './admin-keys.ts';

export type ProvidersFilter = Partial<AdminProvidersQuery>;

/** One page of providers (any verification unless asked), with owner, plan and commission. */
export const useAdminProviders = (filter: ProvidersFilter) =>
  useQuery({
    queryKey: adminKeys.providers(filter),
    queryFn: () =>
      api.get<{ providers: AdminProvider[]; total: number }>(
        `/api/admin/providers${toQuery(filter)}`,
      ),
    placeholderData: keepPreviousData,
  });
