import { useQuery } from '@tanstack/react-query';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import type { TestAccount } from '../shared/test-accounts.ts';

export const paymentTestKey = ['qa', 'payment-test'] as const;

/** The test mechanic's plan, as `GET /api/subscription/{userId}` answers it. */
export const useTestPlan = (account: TestAccount | undefined) =>
  useQuery({
    queryKey: [...paymentTestKey, account?.user.id, 'current'],
    queryFn: () => billingCalls(account!.api).current(account!.user.id),
    enabled: Boolean(account),
  });

/** The test mechanic's payments, as `GET /api/payments/user/{userId}` answers them. */
export const useTestPayments = (account: TestAccount | undefined) =>
  useQuery({
    queryKey: [...paymentTestKey, account?.user.id, 'payments'],
    queryFn: () => billingCalls(account!.api).payments(account!.user.id),
    enabled: Boolean(account),
  });
