import { lazy, Suspense, useRef } from 'react';
import type { AdminDashboard } from '#core/admin/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useNearView } from '#web/lib/use-near-view.ts';
import { adminText } from '../text.ts';

// The chart library (uPlot) loads when the chart comes near the screen, never with the page.
const DailyUplot = lazy(() => import('./daily-uplot.tsx'));

type Day = AdminDashboard['daily'][number];

const placeholder = <div className="h-[280px] animate-pulse rounded-lg bg-muted" />;

const dayOptions = { month: 'short', day: '2-digit', timeZone: 'UTC' } as const;

/** Bookings and commission per day for the last 30 days, drawn for the eye and tabled for screen readers. */
export function DailyChart({ daily }: { daily: Day[] }) {
  const t = useText(adminText);
  const f = useFormat();
  const canvas = useRef<HTMLDivElement>(null);
  const near = useNearView(canvas);
  const dayLabel = (date: string) => f.date(`${date}T00:00:00Z`, dayOptions);
  const bookings = daily.reduce((sum, d) => sum + d.bookings, 0);
  const revenue = daily.reduce((sum, d) => sum + d.revenue, 0);
  const busiest = daily.reduce<Day | undefined>(
    (best, d) => (!best || d.bookings > best.bookings ? d : best),
    undefined,
  );
  const totals = { count: bookings, revenue: f.money(revenue), days: daily.length };
  const summary =
    busiest && busiest.bookings > 0
      ? t('chartSummaryBusiest', {
          ...totals,
          day: dayLabel(busiest.date),
          busiest: busiest.bookings,
        })
      : t('chartSummary', totals);
  return (
    <Card className="grid min-w-0 gap-3 p-4">
      <figure className="m-0 grid min-w-0 gap-3" aria-labelledby="daily-chart-title">
        <div className="grid gap-1">
          <h2 id="daily-chart-title" className="text-lg font-bold">
            {t('chartTitle')}
          </h2>
          <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
        </div>
        <div ref={canvas} aria-hidden className="min-h-[280px] min-w-0">
          <Suspense fallback={placeholder}>
            {near ? <DailyUplot daily={daily} /> : placeholder}
          </Suspense>
        </div>
        <div className="sr-only">
          <table>
            <caption>{t('chartCaption', { days: daily.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                <th scope="col">{t('tabBookings')}</th>
                <th scope="col">{t('revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{dayLabel(d.date)}</th>
                  <td>{d.bookings}</td>
                  <td>{f.money(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Card>
  );
}
