import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '#core/bookings/schemas.ts';
import type {
  CreateHelpRequestInput,
  HelpInvite,
  HelpRequest,
} from '#core/help-requests/help-request.ts';
import { api } from '#web/api/transport.ts';

/** Live `help-request` events refresh these; this is the fallback while the stream is down. */
const HELP_REFETCH_MS = 30_000;

/** A driver's recent help requests. */
export const useHelpRequests = (enabled: boolean) =>
  useQuery({
    queryKey: ['help-requests', 'mine'],
    queryFn: () => api.get<HelpRequest[]>('/api/help-requests'),
    refetchInterval: HELP_REFETCH_MS,
    enabled,
  });

/** The requests a mechanic's business was asked. */
export const useAskedHelp = (enabled: boolean) =>
  useQuery({
    queryKey: ['help-requests', 'asked'],
    queryFn: () => api.get<HelpInvite[]>('/api/help-requests/asked'),
    refetchInterval: HELP_REFETCH_MS,
    enabled,
  });

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
    mutationFn: (input: CreateHelpRequestInput) =>
      api.post<HelpRequest>('/api/help-requests', input),
    onSuccess: refresh,
  });
}

export function useCancelHelpRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<HelpRequest>(`/api/help-requests/${id}/cancel`),
    onSettled: refresh,
  });
}

export function useAnswerHelp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      api.post<Booking | undefined>(`/api/help-requests/${id}/${answer}`),
    onSettled: refresh,
  });
}
