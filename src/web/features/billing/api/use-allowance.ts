import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingAllowance } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';
import { billingKeys } from './billing-keys.ts';

/** A mechanic's accepted bookings this month and how many the plan still allows. */
export const allowanceQuery = queryOptions({
  queryKey: billingKeys.allowance,
  queryFn: (): Promise<BookingAllowance> => api.get('/billing/allowance'),
});

export const useAllowance = (enabled = true) => useQuery({ ...allowanceQuery, enabled });
