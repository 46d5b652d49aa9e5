import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportGrouping } from '#core/reports/rules.ts';
import type { Report } from '#core/reports/schemas.ts';
import { api, apiUrl } from '#web/api/client.ts';

export interface ReportRange {
  from: string;
  to: string;
  groupBy: ReportGrouping;
}

export const reportKeys = {
  all: ['reports'] as const,
  of: (range: ReportRange) => ['reports', range.from, range.to, range.groupBy] as const,
};

/** The report of a range; the previous answer stays on screen while the next one loads. */
export const useReport = (range: ReportRange, enabled: boolean) =>
  useQuery({
    queryKey: reportKeys.of(range),
    queryFn: (): Promise<Report> => api.get('/reports', { params: { query: range } }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The CSV or PDF of the same report, for a download link. */
export const reportDownloadUrl = (range: ReportRange, format: 'csv' | 'pdf') =>
  apiUrl('/reports', { params: { query: { ...range, format } } });

/** A month's statement as PDF (the owner, every plan). */
export const statementPdfUrl = (month: string) =>
  apiUrl('/reports/statement', { params: { query: { month, format: 'pdf' } } });
