import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/api/client.ts';
import { payoutKeys } from './payout-keys.ts';

/** The test gateway's view of a connected account: what it still needs. */
export interface TestAccount {
  id: string;
  businessName: string | null;
  currentlyDue: string[];
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export interface TestOnboardingDetails {
  firstName: string;
  lastName: string;
  dob: string;
  idNumber: string;
  routingNumber: string;
  accountNumber: string;
  tosAccepted: true;
}

export type TestOnboardingBody = TestOnboardingDetails | { idDocument: 'verified' | 'unreadable' };

export const useTestAccount = (id: string) =>
  useQuery({
    queryKey: payoutKeys.testAccount(id),
    queryFn: (): Promise<TestAccount> =>
      api.get('/test-gateway/accounts/{id}', { params: { path: { id } } }),
    enabled: id !== '',
    retry: false,
  });

export function useSubmitTestOnboarding(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestOnboardingBody): Promise<TestAccount> =>
      api.post('/test-gateway/accounts/{id}/onboard', { params: { path: { id } }, body }),
    onSuccess: (account) => {
      queryClient.setQueryData(payoutKeys.testAccount(id), account);
      return queryClient.invalidateQueries({ queryKey: payoutKeys.account });
    },
  });
}
