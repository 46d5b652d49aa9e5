import { useMeta } from '#web/lib/use-meta.ts';

/** Whether this installation sends real email (SMTP) or keeps it in the admin outbox. */
export const useEmailMode = () => useMeta((meta) => meta.email);
