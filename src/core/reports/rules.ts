/**
 * The calendar of reports (docs/decisions/058-reports.md): UTC days, ISO weeks that start on
 * Monday, calendar months. Dates are `YYYY-MM-DD` strings, months `YYYY-MM`.
 */

export const reportGroupings = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** The longest range a report covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;
/** The longest range a report grouped by day covers. */
export const MAX_DAILY_REPORT_DAYS = 92;

const DAY_MS = 86_400_000;

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (1 for a single day; 0 or less when `to` is earlier). */
export function daysInRange(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS) + 1;
}

export function addDays(date: string, days: number): string {
  return toIso(new Date(toDate(date).getTime() + days * DAY_MS));
}

/** The first day of the period holding `date`: itself, the Monday of its week, or the 1st. */
export function periodStart(date: string, groupBy: ReportGrouping): string {
  if (groupBy === 'day') return date;
  if (groupBy === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (toDate(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** The last day of the period that starts on `start`. */
export function periodEnd(start: string, groupBy: ReportGrouping): string {
  if (groupBy === 'day') return start;
  if (groupBy === 'week') return addDays(start, 6);
  const d = toDate(start);
  return toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
}

export interface Period {
  /** The period's own first day (a week may start before the range). */
  start: string;
  /** The period's own last day. */
  end: string;
}

/** Every period that overlaps the range, in order (a report shows empty periods as zeros). */
export function periodsOf(from: string, to: string, groupBy: ReportGrouping): Period[] {
  const periods: Period[] = [];
  for (let start = periodStart(from, groupBy); start <= to;) {
    const end = periodEnd(start, groupBy);
    periods.push({ start, end });
    start = addDays(end, 1);
  }
  return periods;
}

/**
 * The median as PostgreSQL's `percentile_cont(0.5)` computes it: the middle value, or the mean of
 * the two middle values; null for no values.
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `YYYY-MM` of a moment (UTC). */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The month before `month` (`YYYY-MM`). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return toIso(new Date(Date.UTC(year, m - 2, 1))).slice(0, 7);
}

/** The first and last day of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: periodEnd(from, 'month') };
}

/** The `count` months before the one holding `now`, newest first. */
export function monthsBefore(now: Date, count: number): string[] {
  const months: string[] = [];
  let month = monthOf(now);
  for (let i = 0; i < count; i++) months.push((month = previousMonth(month)));
  return months;
}

/** The ranges the report screen offers in one tap, as of `today` (`YYYY-MM-DD`, UTC). */
export function rangePresets(today: string) {
  const thisMonth = monthRange(today.slice(0, 7));
  const lastMonth = monthRange(previousMonth(today.slice(0, 7)));
  return {
    last30: { label: 'Last 30 days', from: addDays(today, -29), to: today },
    thisMonth: { label: 'This month', from: thisMonth.from, to: today },
    lastMonth: { label: 'Last month', ...lastMonth },
    thisYear: { label: 'This year', from: `${today.slice(0, 4)}-01-01`, to: today },
  } as const;
}
