import { z } from 'zod';
import { daysInRange, MAX_DAILY_REPORT_DAYS, MAX_REPORT_DAYS, reportGroupings } from './rules.ts';
import { bookingStatuses } from '../bookings/catalog.ts';

const DATE_MESSAGE = 'Expected a date as YYYY-MM-DD';

/** A real day between the years 2000 and 2999 (no 30 February). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const dateSchema = (name: string) =>
  z
    .string({ message: `\`${name}\` is required, as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE })
    .refine(isCalendarDate, { message: DATE_MESSAGE });

export const reportFormats = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** A custom report's query (docs/api.md, "Reports"): UTC days, `to` included. */
export const reportQuerySchema = z
  .object({
    from: dateSchema('from'),
    to: dateSchema('to'),
    groupBy: z.enum(reportGroupings, { message: 'groupBy is one of day, week or month' }),
    format: z.enum(reportFormats, { message: 'format is one of json, csv or pdf' }).optional(),
  })
  .superRefine((query, ctx) => {
    const days = daysInRange(query.from, query.to);
    if (days < 1) ctx.addIssue({ code: 'custom', message: '`from` must not be after `to`' });
    else if (days > MAX_REPORT_DAYS)
      ctx.addIssue({
        code: 'custom',
        message: `A report covers at most ${MAX_REPORT_DAYS} days: shorten the range`,
      });
    else if (query.groupBy === 'day' && days > MAX_DAILY_REPORT_DAYS)
      ctx.addIssue({
        code: 'custom',
        message: `Grouped by day a report covers at most ${MAX_DAILY_REPORT_DAYS} days: group by week or month`,
      });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const statementQuerySchema = z.object({
  month: z.string().regex(/^(2\d{3})-(0[1-9]|1[0-2])$/, { message: 'Expected a month as YYYY-MM' }),
  format: z.enum(['json', 'pdf'], { message: 'format is json or pdf' }).optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

const statusCounts = z.object(
  Object.fromEntries(bookingStatuses.map((s) => [s, z.number().int()])) as Record<
    (typeof bookingStatuses)[number],
    z.ZodNumber
  >,
);

/** What a report counts for a period, the whole range, or a month's statement. */
export const reportFiguresSchema = z.object({
  /** Jobs asked for in the period (any status). */
  jobs: z.number().int(),
  /** Those jobs by their status now. */
  byStatus: statusCounts,
  /** Sum of the visit fees of the completed jobs, in dollars. */
  visitFeeRevenue: z.number(),
  /** Sum of the platform fees of the completed jobs, in dollars. */
  platformFees: z.number(),
  /** Mean stars of the reviews of these jobs (two decimals); null without reviews. */
  averageRating: z.number().nullable(),
  reviews: z.number().int(),
  /** Median minutes from asking to acceptance (one decimal), over the accepted jobs. */
  medianMinutesToAccept: z.number().nullable(),
  /** Median minutes from acceptance to arrival (one decimal), over the jobs arrived at. */
  medianMinutesToArrive: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportPeriodSchema = reportFiguresSchema.extend({
  /** The period's first day (a Monday for weeks, the 1st for months). */
  start: z.string(),
  /** The period's last day. */
  end: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportServiceSchema = z.object({
  serviceType: z.string(),
  jobs: z.number().int(),
  completed: z.number().int(),
  /** Jobs of this service per period, in the order of `periods`. */
  perPeriod: z.array(z.number().int()),
});

export const reportTechnicianSchema = z.object({
  /** The technician's user id; null for the owner's own and unassigned jobs. */
  id: z.uuid().nullable(),
  /** Their name, or "Owner / unassigned". */
  name: z.string(),
  jobs: z.number().int(),
  completed: z.number().int(),
  visitFeeRevenue: z.number(),
  averageRating: z.number().nullable(),
  medianMinutesToArrive: z.number().nullable(),
});
export type ReportTechnician = z.infer<typeof reportTechnicianSchema>;

export const reportSchema = z.object({
  businessName: z.string(),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(reportGroupings),
  totals: reportFiguresSchema,
  periods: z.array(reportPeriodSchema),
  /** Jobs by service type over the range, most asked first. */
  services: z.array(reportServiceSchema),
  /** One row per technician and one "Owner / unassigned"; empty for a business without a team. */
  technicians: z.array(reportTechnicianSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const statementSchema = z.object({
  businessName: z.string(),
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  from: z.string(),
  to: z.string(),
  figures: reportFiguresSchema,
  services: z.array(reportServiceSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** Where a number goes in the CSV and PDF: the periods' columns, in order. */
export const reportColumns = [
  'Period start',
  'Period end',
  'Jobs',
  ...bookingStatuses.map((s) => `Jobs ${s.replace('_', ' ')}`),
  'Visit-fee revenue (USD)',
  'Platform fees (USD)',
  'Average rating',
  'Reviews',
  'Median minutes to accept',
  'Median minutes to arrive',
] as const;

export const technicianColumns = [
  'Technician',
  'Jobs',
  'Completed',
  'Visit-fee revenue (USD)',
  'Average rating',
  'Median minutes to arrive',
] as const;

export const OWNER_OR_UNASSIGNED = 'Owner / unassigned';
