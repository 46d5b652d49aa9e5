import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, setOnly } from './admin-keys.ts';

export type AuditFilter = Partial<AuditQuery>;

/** One page of the audit log, newest first. */
export const useAuditLog = (filter: AuditFilter) =>
  useQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: (): Promise<{ entries: AuditEntry[]; total: number }> =>
      api.get('/admin/audit', { params: { query: setOnly(filter) } }),
    placeholderData: keepPreviousData,
  });
