import { useMutation } from '@tanstack/react-query';
import type { AdminBookingChange } from '#core/admin/schemas.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { api } from '#web/api/client.ts';
import { useRefreshAdmin } from './admin-keys.ts';

/** Sets any booking status; the reason goes to both parties and the audit log. */
export function useOverrideBooking() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminBookingChange }): Promise<Booking> =>
      api.patch('/admin/bookings/{id}', { params: { path: { id } }, body: change }),
    onSuccess: refresh,
  });
}
