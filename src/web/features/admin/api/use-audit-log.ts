import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditQuery } from '#core/admin/schemas.ts';
import { api } from '#web/api/transport.ts';
import { adminKeys, toQuery } from './admin-keys.ts';

export type AuditFilter = Partial<AuditQuery>;

/** One page of the audit log, newest first. */
export const useAuditLog = (filter: AuditFilter) =>
  useQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: () =>
      api.get<{ entries: AuditEntry[]; total: number }>(`/api/admin/audit${toQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
