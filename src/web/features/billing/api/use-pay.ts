import { useMutation } from '@tanstack/react-query';
import type { PaymentResult } from '#core/billing/schemas.ts';
import { api } from '#web/api/client.ts';

export type PayBody =
  | { bookingId: string; paymentMethod: 'card'; paymentMethodId?: string }
  | { bookingId: string; paymentMethod: 'cash' }
  | { subscriptionId: string; paymentMethod: 'card' };

/**
 * Pays a completed job (card or cash) or a past-due plan now. A declined card answers 402; a card
 * that asks for authentication answers `requires_action` with a client secret.
 */
export const usePay = () =>
  useMutation({
    mutationFn: (body: PayBody): Promise<PaymentResult> => api.post('/payments', { body }),
  });
