import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Meta } from '#core/meta.ts';
import { api } from '#web/api/client.ts';

/** GET /api/meta, fetched once per page for every part that reads it; `select` picks a part. */
export const metaQuery = queryOptions({
  queryKey: ['meta'],
  queryFn: (): Promise<Meta> => api.get('/meta'),
});

export const useMeta = <T = Meta>(select?: (meta: Meta) => T) => useQuery({ ...metaQuery, select });
