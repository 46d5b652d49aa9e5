import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus } from '#core/bookings/catalog.ts';
import type { Booking, CreateBookingInput } from '#core/bookings/schemas.ts';
import { POSITION_INTERVAL_MS } from '#core/bookings/tracking-rules.ts';
import type { TrackingPosition } from '#core/bookings/tracking.ts';
import { api } from '#web/api/client.ts';
import { useServerEventsConnected } from '#web/lib/server-events.ts';
import { positionKey } from './push-position.ts';

/** Live events refresh bookings at once; this is the fallback when the stream is down. */
const BOOKINGS_REFETCH_MS = 30_000;

export const bookingsQuery = queryOptions({
  queryKey: ['bookings'],
  queryFn: (): Promise<Booking[]> => api.get('/bookings'),
  refetchInterval: BOOKINGS_REFETCH_MS,
});

export const useBookings = () => useQuery(bookingsQuery);

/** Every change to a booking also changes lists, counts and providers' ratings. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    void queryClient.invalidateQueries({ queryKey: ['providers'] });
  };
}

/**
 * One Idempotency-Key per dialog: a retried or double-tapped Confirm, or a request queued offline
 * and sent later, books once. It fails at once without a connection (rather than waiting
 * paused), so the dialog can queue the request.
 */
export function useCreateBooking() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateBookingInput; key: string }): Promise<Booking> =>
      api.post('/bookings', { body: input, params: { header: { 'idempotency-key': key } } }),
    networkMode: 'always',
    onSuccess: refresh,
  });
}

export function useMoveBooking() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({
      id,
      status,
      actualCost,
    }: {
      id: string;
      status: BookingStatus;
      actualCost?: number;
    }): Promise<Booking> =>
      api.patch('/bookings/{id}', { params: { path: { id } }, body: { status, actualCost } }),
    onSuccess: refresh,
  });
}

/** Assigns a job to a technician of the business, or gives it back to the owner (null). */
export function useAssignJob() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({
      id,
      technicianId,
    }: {
      id: string;
      technicianId: string | null;
    }): Promise<Booking> =>
      api.patch('/bookings/{id}', { params: { path: { id } }, body: { technicianId } }),
    onSuccess: refresh,
  });
}

/**
 * How often to read the provider's position: never while the events stream pushes each one,
 * and as often as the provider's device sends them while the stream is down.
 */
export const positionRefetchInterval = (streamConnected: boolean): number | false =>
  streamConnected ? false : POSITION_INTERVAL_MS;

/**
 * The provider's newest position while a job is in progress: tracking events keep it fresh, and
 * while the events stream is down it is read every few seconds instead.
 */
export function useBookingPosition(bookingId: string, enabled: boolean) {
  const streamConnected = useServerEventsConnected();
  return useQuery({
    queryKey: positionKey(bookingId),
    queryFn: (): Promise<TrackingPosition | null> =>
      api.get('/bookings/{id}/position', { params: { path: { id: bookingId } } }),
    enabled,
    refetchInterval: positionRefetchInterval(streamConnected),
  });
}
