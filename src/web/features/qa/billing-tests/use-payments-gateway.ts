import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface Meta {
  email: 'smtp' | 'outbox';
  payments: 'test' | 'stripe';
  stripePublishableKey: string | null;
  demoData: boolean;
}

/** Which gateway takes cards on this server: the built-in test gateway or real Stripe. */
export const usePaymentsGateway = () =>
  useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<Meta>('/api/meta'),
    select: (meta) => meta.payments,
  });
