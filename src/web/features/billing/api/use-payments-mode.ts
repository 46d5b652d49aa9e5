import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PaymentsMode {
  payments: 'test' | 'stripe';
  stripePublishableKey: string | null;
}

/** Whether cards go to the built-in test gateway or to Stripe (shares the `meta` query). */
export const usePaymentsMode = () =>
  useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<PaymentsMode & { email: string }>('/api/meta'),
    select: (meta): PaymentsMode => ({
      payments: meta.payments,
      stripePublishableKey: meta.stripePublishableKey,
    }),
  });
