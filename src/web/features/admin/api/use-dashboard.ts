import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys } from './admin-keys.ts';

/** The marketplace's stats, the plan figures and the 30-day series, refreshed every minute. */
export const dashboardQuery = queryOptions({
  queryKey: adminKeys.dashboard,
  queryFn: (): Promise<AdminDashboard> => api.get('/admin/dashboard'),
  refetchInterval: 60_000,
});

export const useDashboard = () => useQuery(dashboardQuery);
