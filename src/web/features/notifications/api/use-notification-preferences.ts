import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '#core/notification-preferences-schemas.ts';
import { api } from '#web/api/client.ts';

export const preferencesQueryKey = ['notification-preferences'] as const;

const fetchPreferences = (): Promise<NotificationPreferences> =>
  api.get('/notification-preferences');

export const preferencesQuery = queryOptions({
  queryKey: preferencesQueryKey,
  queryFn: fetchPreferences,
});

export const useNotificationPreferences = () => useQuery(preferencesQuery);

/** The user's choices, from the cache or asked once (a notification arriving needs them). */
export const loadPreferences = (queryClient: QueryClient) =>
  queryClient.fetchQuery({
    queryKey: preferencesQueryKey,
    queryFn: fetchPreferences,
    staleTime: 60_000,
  });

/** Saves the whole set; the screen shows the change at once and takes it back if it fails. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput): Promise<NotificationPreferences> =>
      api.put('/notification-preferences', { body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const before = queryClient.getQueryData<NotificationPreferences>(preferencesQueryKey);
      if (before) queryClient.setQueryData(preferencesQueryKey, { ...before, ...input });
      return { before };
    },
    onError: (_error, _input, context) =>
      queryClient.setQueryData(preferencesQueryKey, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}
