import { useMeta } from '#web/lib/use-meta.ts';

/**
 * Whether this installation sends real texts (an SMS provider) or keeps them in the admin outbox:
 * "This installation has no SMS provider: texts wait in the admin outbox."
 */
export const useSmsMode = () => useMeta((meta) => meta.sms);
