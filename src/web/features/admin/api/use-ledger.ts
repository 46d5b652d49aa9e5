import { useMutation, useQuery } from '@tanstack/react-query';
import type { LedgerDiscrepancy, LedgerSummary } from '#core/billing/payouts.ts';
import { api } from '#web/api/client.ts';
import { adminKeys, useRefreshAdmin } from './admin-keys.ts';

/** The money figures, all from the ledger. */
export const useLedgerSummary = () =>
  useQuery({
    queryKey: adminKeys.ledgerSummary,
    queryFn: (): Promise<LedgerSummary> => api.get('/admin/ledger/summary'),
  });

/** Differences the nightly reconciliation found between the ledger and the gateway, still open. */
export const useLedgerDiscrepancies = () =>
  useQuery({
    queryKey: adminKeys.discrepancies,
    queryFn: (): Promise<LedgerDiscrepancy[]> => api.get('/admin/ledger/discrepancies'),
  });

export function useResolveDiscrepancy() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }): Promise<undefined> =>
      api.post('/admin/ledger/discrepancies/{id}/resolve', {
        params: { path: { id } },
        body: { note },
      }),
    onSuccess: refresh,
  });
}
