import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRACK_REFRESH_MS,
  type CreatedShareLink,
  type ShareLink,
  type TrackedJob,
} from '#core/bookings/share-links.ts';
import { api, ApiError } from '#web/api/transport.ts';

const linksKey = (bookingId: string) => ['bookings', bookingId, 'share-links'];

/** Every share link of a job, working or not, with who made it. */
export const useShareLinks = (bookingId: string) =>
  useQuery({
    queryKey: linksKey(bookingId),
    queryFn: () => api.get<ShareLink[]>(`/api/bookings/${bookingId}/share-links`),
  });

export function useCreateShareLink(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CreatedShareLink>(`/api/bookings/${bookingId}/share-links`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(bookingId) }),
  });
}

/** Stops one link (by id), or every working link of the job (null). */
export function useStopSharing(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string | null) =>
      linkId
        ? api.delete(`/api/bookings/${bookingId}/share-links/${linkId}`)
        : api.delete(`/api/bookings/${bookingId}/share-links`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksKey(bookingId) }),
  });
}

/** A shared job, read again every few seconds while the page is open; a dead link stops asking. */
export const useTrackedJob = (token: string) =>
  useQuery({
    queryKey: ['track', token],
    queryFn: () => api.get<TrackedJob>(`/api/track/${encodeURIComponent(token)}`),
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404
        ? false
        : TRACK_REFRESH_MS,
  });
