import type { QueryClient } from '@tanstack/react-query';
import type { TrackingPosition } from '#core/bookings/tracking.ts';

export const positionKey = (bookingId: string) => ['bookings', bookingId, 'position'] as const;

/**
 * A position pushed by the server replaces the cached one. A fetch started before it was saved
 * would answer the older position (or none) after it, so that fetch is dropped first.
 */
export async function pushPosition(queryClient: QueryClient, position: TrackingPosition) {
  const key = positionKey(position.bookingId);
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData(key, position);
}
