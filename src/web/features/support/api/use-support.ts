import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '#core/bookings/schemas.ts';
import type {
  AccountManager,
  CreateSupportRequestInput,
  SupportRequest,
} from '#core/support/schemas.ts';
import { api } from '#web/api/client.ts';

export const supportKeys = {
  all: ['support'] as const,
  requests: ['support', 'requests'] as const,
  manager: ['support', 'account-manager'] as const,
};

/** The business's requests with their replies, newest first (a member sees their own). */
export const useSupportRequests = () =>
  useQuery({
    queryKey: supportKeys.requests,
    queryFn: (): Promise<SupportRequest[]> => api.get('/support-requests'),
    refetchInterval: 60_000,
  });

/** The business's account manager (Enterprise), else null. */
export const useAccountManager = (enabled: boolean) =>
  useQuery({
    queryKey: supportKeys.manager,
    enabled,
    queryFn: (): Promise<AccountManager> => api.get('/support/account-manager'),
    staleTime: 5 * 60_000,
  });

export function useSendSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportRequestInput): Promise<SupportRequest> =>
      api.post('/support-requests', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.requests }),
  });
}

/** The business's bookings to pick one from (the same cache entry as the bookings screens). */
export const useBusinessBookings = () =>
  useQuery({
    queryKey: ['bookings'],
    queryFn: (): Promise<Booking[]> => api.get('/bookings'),
  });
