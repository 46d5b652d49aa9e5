import type { Meta } from '#core/meta.ts';
import { useMeta } from '#web/lib/use-meta.ts';

export type PaymentsMode = Pick<Meta, 'payments' | 'stripePublishableKey'>;

const paymentsMode = (meta: Meta): PaymentsMode => ({
  payments: meta.payments,
  stripePublishableKey: meta.stripePublishableKey,
});

/** Whether cards go to the built-in test gateway or to Stripe. */
export const usePaymentsMode = () => useMeta(paymentsMode);

/** True when this server takes no card payments; undefined while unknown. */
export const usePaymentsOff = () => useMeta((meta) => meta.payments === 'off');
