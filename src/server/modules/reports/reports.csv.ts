import { bookingStatuses } from '../../../core/bookings/catalog.ts';
import {
  reportColumns,
  technicianColumns,
  type Report,
  type ReportFigures,
} from '../../../core/reports/schemas.ts';
import { toCsv } from '../admin/index.ts';

const money = (dollars: number) => dollars.toFixed(2);
const maybe = (value: number | null, digits: number) =>
  value === null ? '' : value.toFixed(digits);

const figureCells = (f: ReportFigures) => [
  f.jobs,
  ...bookingStatuses.map((s) => f.byStatus[s]),
  money(f.visitFeeRevenue),
  money(f.platformFees),
  maybe(f.averageRating, 2),
  f.reviews,
  maybe(f.medianMinutesToAccept, 1),
  maybe(f.medianMinutesToArrive, 1),
];

/**
 * The report as CSV (docs/api.md, "Reports"): one row per period and a total row, then, for a
 * business with a team, a blank line and the technicians' table. Cells a spreadsheet would run as
 * a formula are neutralised by the admin module's writer.
 */
export function reportCsv(report: Report): string {
  const periods = toCsv(
    [...reportColumns],
    [
      ...report.periods.map((p) => [p.start, p.end, ...figureCells(p)]),
      ['Total', '', ...figureCells(report.totals)],
    ],
  );
  if (report.technicians.length === 0) return periods;
  const technicians = toCsv(
    [...technicianColumns],
    report.technicians.map((t) => [
      t.name,
      t.jobs,
      t.completed,
      money(t.visitFeeRevenue),
      maybe(t.averageRating, 2),
      maybe(t.medianMinutesToArrive, 1),
    ]),
  );
  return `${periods}\r\n${technicians}`;
}

export const reportFilename = (report: Pick<Report, 'from' | 'to'>, ext: 'csv' | 'pdf') =>
  `truck-finder-report-${report.from}-${report.to}.${ext}`;
