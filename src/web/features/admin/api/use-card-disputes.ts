import { useQuery } from '@tanstack/react-query';
import type { CardDispute } from '#core/billing/payouts.ts';
import { api } from '#web/api/client.ts';
import { adminKeys } from './admin-keys.ts';

/** Card disputes drivers' banks opened, open ones first by their evidence deadline. */
export const useCardDisputes = () =>
  useQuery({
    queryKey: adminKeys.cardDisputes,
    queryFn: (): Promise<CardDispute[]> => api.get('/admin/card-disputes'),
  });
