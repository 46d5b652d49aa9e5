import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '#core/bookings/schemas.ts';
import type {
  CreateHelpRequestInput,
  HelpInvite,
  HelpRequest,
} from '#core/help-requests/help-request.ts';
import { api } from '#web/api/client.ts';

/** Live `help-request` events refresh these; this is the fallback while the stream is down. */
const HELP_REFETCH_MS = 30_000;

/** A driver's recent help requests. */
export const helpRequestsQuery = queryOptions({
  queryKey: ['help-requests', 'mine'],
  queryFn: (): Promise<HelpRequest[]> => api.get('/help-requests'),
  refetchInterval: HELP_REFETCH_MS,
});

export const useHelpRequests = (enabled: boolean) => useQuery({ ...helpRequestsQuery, enabled });

/** The requests a mechanic's business was asked. */
export const askedHelpQuery = queryOptions({
  queryKey: ['help-requests', 'asked'],
  queryFn: (): Promise<HelpInvite[]> => api.get('/help-requests/asked'),
  refetchInterval: HELP_REFETCH_MS,
});

export const useAskedHelp = (enabled: boolean) => useQuery({ ...askedHelpQuery, enabled });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['help-requests'] });
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
  };
}

export function useCreateHelpRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateHelpRequestInput): Promise<HelpRequest> =>
      api.post('/help-requests', { body: input }),
    onSuccess: refresh,
  });
}

export function useCancelHelpRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string): Promise<HelpRequest> =>
      api.post('/help-requests/{id}/cancel', { params: { path: { id } } }),
    onSettled: refresh,
  });
}

export function useAnswerHelp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      answer,
    }: {
      id: string;
      answer: 'accept' | 'decline';
    }): Promise<Booking | undefined> =>
      answer === 'accept'
        ? api.post('/help-requests/{id}/accept', { params: { path: { id } } })
        : api.post('/help-requests/{id}/decline', { params: { path: { id } } }),
    onSettled: refresh,
  });
}
