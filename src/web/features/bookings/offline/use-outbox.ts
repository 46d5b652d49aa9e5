import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dropQueuedBooking, listenToOutbox, queuedBookings } from './outbox.ts';

const outboxKey = (userId: string) => ['outbox', userId];

/** The driver's requests waiting on this device; read from IndexedDB, so offline too. */
export function useQueuedBookings(userId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () => listenToOutbox(() => void queryClient.invalidateQueries({ queryKey: outboxKey(userId) })),
    [queryClient, userId],
  );
  return useQuery({
    queryKey: outboxKey(userId),
    queryFn: () => queuedBookings(userId),
    networkMode: 'always',
  });
}

export function useDropQueuedBooking(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dropQueuedBooking,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKey(userId) }),
  });
}
