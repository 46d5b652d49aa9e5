import { useMeta } from '#web/lib/use-meta.ts';

/** Which gateway takes cards on this server: the built-in test gateway or real Stripe. */
export const usePaymentsGateway = () => useMeta((meta) => meta.payments);
