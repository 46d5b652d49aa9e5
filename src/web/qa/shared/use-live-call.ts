import { useQuery } from '@tanstack/react-query';
import { apiUrl, type InitOf, type InitParam, type PathOf } from '#web/api/client.ts';
import { pageApi, type QaResponse } from './qa-api.ts';

/** A GET a page shows live: the address it calls (its query key) and the call. */
export interface LiveGet<T> {
  url: string;
  call: () => Promise<QaResponse<T>>;
}

/** `liveGet('/providers/summary', { params: { query } })`: typed like `pageApi.get`. */
export function liveGet<Path extends PathOf<'get'>>(
  path: Path,
  ...init: InitParam<InitOf<'get', Path>>
) {
  return { url: apiUrl(path, ...init), call: () => pageApi.get(path, ...init) };
}

/**
 * One GET on the live API with the page's session, kept as the whole answer (status, message,
 * time) so that a refusal is shown as it came back rather than thrown away.
 */
export const useLiveCall = <T>({ url, call }: LiveGet<T>, enabled = true) =>
  useQuery({
    queryKey: ['qa', 'live', url],
    queryFn: call,
    enabled,
  });
