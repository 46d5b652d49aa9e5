import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProvider, AdminProvidersQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, setOnly } from './admin-keys.ts';

export type ProvidersFilter = Partial<AdminProvidersQuery>;

/** Providers per page of the console's list. */
export const PROVIDERS_PAGE_SIZE = 20;

/** One page of providers (any verification unless asked), with owner, plan and commission. */
export const adminProvidersQuery = (filter: ProvidersFilter) =>
  queryOptions({
    queryKey: adminKeys.providers(filter),
    queryFn: (): Promise<{ providers: AdminProvider[]; total: number }> =>
      api.get('/admin/providers', { params: { query: setOnly(filter) } }),
  });

export const useAdminProviders = (filter: ProvidersFilter) =>
  useQuery({ ...adminProvidersQuery(filter), placeholderData: keepPreviousData });
