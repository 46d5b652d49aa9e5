import { useMeta } from '#web/lib/use-meta.ts';

/** Whether this server runs with demo data: then anyone may use the internal pages. */
export const useDemoData = () => useMeta((meta) => meta.demoData);
