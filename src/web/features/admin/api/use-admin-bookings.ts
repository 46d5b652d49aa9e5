import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminBooking, AdminBookingsQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, setOnly } from './admin-keys.ts';

export type BookingsFilter = Partial<AdminBookingsQuery>;

/** One page of bookings, newest first, by status and creation date. */
export const useAdminBookings = (filter: BookingsFilter) =>
  useQuery({
    queryKey: adminKeys.bookings(filter),
    queryFn: (): Promise<{ bookings: AdminBooking[]; total: number }> =>
      api.get('/admin/bookings', { params: { query: setOnly(filter) } }),
    placeholderData: keepPreviousData,
  });
