import { useQuery } from '@tanstack/react-query';
import { pageSession } from './qa-client.ts';

/**
 * One GET on the live API with the page's session, kept as the whole answer (status, message,
 * time) so that a refusal is shown as it came back rather than thrown away.
 */
export const useLiveCall = <T>(path: string, enabled = true) =>
  useQuery({
    queryKey: ['qa', 'live', path],
    queryFn: () => pageSession.get<T>(path),
    enabled,
  });
