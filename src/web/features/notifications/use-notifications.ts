import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '#core/notifications.ts';
import { api } from '#web/api/client.ts';

const key = ['notifications'] as const;
/** Live events refresh the list at once; this is the fallback when the stream is down. */
const NOTIFICATIONS_REFETCH_MS = 30_000;

export const useNotifications = () =>
  useQuery({
    queryKey: key,
    queryFn: (): Promise<Notification[]> => api.get('/notifications'),
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
  });

/** Applies a change to the cached list at once, then lets the server's answer settle it. */
function useNotificationChange<T>(
  request: (input: T) => Promise<unknown>,
  apply: (list: Notification[], input: T) => Notification[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: (input) => {
      const previous = queryClient.getQueryData<Notification[]>(key);
      if (previous) queryClient.setQueryData(key, apply(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useMarkRead = () =>
  useNotificationChange(
    (id: string) =>
      api.patch('/notifications/{id}', { params: { path: { id } }, body: { read: true } }),
    (list, id) => list.map((n) => (n.id === id ? { ...n, read: true } : n)),
  );

export const useMarkAllRead = () =>
  useNotificationChange(
    () => api.post('/notifications/read-all'),
    (list) => list.map((n) => ({ ...n, read: true })),
  );

export const useDismiss = () =>
  useNotificationChange(
    (id: string) => api.delete('/notifications/{id}', { params: { path: { id } } }),
    (list, id) => list.filter((n) => n.id !== id),
  );

/** As specified: the badge reads 9+ above nine. */
export const unreadBadge = (count: number) => (count > 9 ? '9+' : String(count));
