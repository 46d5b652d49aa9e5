import { lazy, Suspense, useMemo } from 'react';
import type { BookingStatus } from '#core/bookings/catalog.ts';
import type { Report } from '#core/reports/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { reportsText } from '../text.ts';
import type { ChartSeries } from './report-uplot.tsx';

// The chart library (uPlot) loads with these charts only, never with the rest of the app.
const ReportUplot = lazy(() => import('./report-uplot.tsx'));

const statusColours: Record<BookingStatus, [string, string]> = {
  completed: ['--success', '#15803d'],
  in_progress: ['--primary', '#c2410c'],
  confirmed: ['--info', '#2563eb'],
  pending: ['--warning', '#ca8a04'],
  cancelled: ['--muted-foreground', '#64748b'],
};
/** Stacked from the bottom: completed first. */
const stackOrder = ['completed', 'in_progress', 'confirmed', 'pending', 'cancelled'] as const;

function ChartCard({
  id,
  title,
  summary,
  days,
  series,
}: {
  id: string;
  title: string;
  summary: string;
  days: string[];
  series: ChartSeries[];
}) {
  return (
    <Card className="grid min-w-0 gap-3 p-4">
      <figure className="m-0 grid min-w-0 gap-2" aria-labelledby={id}>
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
        <div aria-hidden className="min-h-[260px] min-w-0">
          <Suspense fallback={<div className="h-[260px] animate-pulse rounded-lg bg-muted" />}>
            <ReportUplot days={days} series={series} />
          </Suspense>
        </div>
      </figure>
    </Card>
  );
}

/** Jobs per period by status (stacked), and revenue and platform fees per period. */
export function ReportCharts({ report }: { report: Report }) {
  const t = useText(reportsText);
  const f = useFormat();
  const label = useLabel();
  // Strings, so the charts are drawn again only when the report or the language changes.
  const statusNames = stackOrder.map((status) => label('bookingStatus', status)).join('\n');
  const visitFeeLabel = t('visitFeeRevenue');
  const platformFeeLabel = t('platformFees');
  const days = useMemo(() => report.periods.map((p) => p.start), [report]);
  const jobs = useMemo<ChartSeries[]>(() => {
    const running = report.periods.map(() => 0);
    const names = statusNames.split('\n');
    const stacked = stackOrder.map((status, index) => ({
      label: names[index] ?? status,
      values: report.periods.map((p, i) => (running[i]! += p.byStatus[status])),
      colour: statusColours[status],
      fill: true,
    }));
    // Drawn top layer first, so each lower band's fill shows over the one above it.
    return stacked.reverse();
  }, [report, statusNames]);
  const money = useMemo<ChartSeries[]>(
    () => [
      {
        label: visitFeeLabel,
        values: report.periods.map((p) => p.visitFeeRevenue),
        colour: ['--success', '#15803d'],
        money: true,
      },
      {
        label: platformFeeLabel,
        values: report.periods.map((p) => p.platformFees),
        colour: ['--primary', '#c2410c'],
        money: true,
      },
    ],
    [report, visitFeeLabel, platformFeeLabel],
  );
  const busiest = report.periods.reduce<Report['periods'][number] | undefined>(
    (best, p) => (!best || p.jobs > best.jobs ? p : best),
    undefined,
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        id="report-jobs-chart"
        title={t('jobsChartTitle')}
        summary={
          busiest && busiest.jobs > 0
            ? t('jobsChartSummaryBusiest', {
                jobs: report.totals.jobs,
                start: f.date(`${busiest.start}T00:00:00Z`, {
                  dateStyle: 'medium',
                  timeZone: 'UTC',
                }),
              })
            : t('jobsChartSummary', { jobs: report.totals.jobs })
        }
        days={days}
        series={jobs}
      />
      <ChartCard
        id="report-money-chart"
        title={t('moneyChartTitle')}
        summary={t('moneyChartSummary')}
        days={days}
        series={money}
      />
    </div>
  );
}
