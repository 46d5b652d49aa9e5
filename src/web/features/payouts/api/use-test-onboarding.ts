import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/api/client.ts';

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

const testAccountKey = (id: string) => ['payouts', 'test-account', id] as const;

export const useTestAccount = (id: string) =>
  useQuery({
    queryKey: testAccountKey(id),
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
      queryClient.setQueryData(testAccountKey(id), account);
      // The payouts card reads the account afresh (the profile's payout queries sit under `payouts`).
      return queryClient.invalidateQueries({ queryKey: ['payouts', 'account'] });
    },
  });
}
