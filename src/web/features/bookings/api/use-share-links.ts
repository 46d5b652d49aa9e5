import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRACK_REFRESH_MS } from '#core/bookings/share-link-rules.ts';
import type { CreatedShareLink, ShareLink, TrackedJob } from '#core/bookings/share-links.ts';
import { api } from '#web/api/client.ts';
import { ApiError } from '#web/api/transport.ts';

const linksKey = (bookingId: string) => ['bookings', bookingId, 'share-links'];

/** Every share link of a job, working or not, with who made it. */
export const useShareLinks = (bookingId: string) =>
  useQuery({
    queryKey: linksKey(bookingId),
    queryFn: (): Promise<ShareLink[]> =>
      api.get('/bookings/{id}/share-links', { params: { path: { id: bookingId } } }),
  });

export function useCreateShareLink(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CreatedShareLink> =>
      api.post('/bookings/{id}/share-links', { params: { path: { id: bookingId } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(bookingId) }),
  });
}

/** Stops one link (by id), or every working link of the job (null). */
export function useStopSharing(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string | null) =>
      linkId
        ? api.delete('/bookings/{id}/share-links/{linkId}', {
            params: { path: { id: bookingId, linkId } },
          })
        : api.delete('/bookings/{id}/share-links', { params: { path: { id: bookingId } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksKey(bookingId) }),
  });
}

/** A shared job, read again every few seconds while the page is open; a dead link stops asking. */
export const trackedJobQuery = (token: string) =>
  queryOptions({
    queryKey: ['track', token],
    queryFn: (): Promise<TrackedJob> => api.get('/track/{token}', { params: { path: { token } } }),
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404
        ? false
        : TRACK_REFRESH_MS,
  });

export const useTrackedJob = (token: string) => useQuery(trackedJobQuery(token));
