import { lazy, Suspense } from 'react';
import type { AdminDashboard } from '#core/admin/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Card } from '#web/components/ui/card.tsx';

// The chart library (uPlot) loads with this chart only, never with the rest of the app.
const DailyUplot = lazy(() => import('./daily-uplot.tsx'));

type Day = AdminDashboard['daily'][number];

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    timeZone: 'UTC',
  });

/** Bookings and commission per day for the last 30 days, drawn for the eye and tabled for screen readers. */
export function DailyChart({ daily }: { daily: Day[] }) {
  const bookings = daily.reduce((sum, d) => sum + d.bookings, 0);
  const revenue = daily.reduce((sum, d) => sum + d.revenue, 0);
  const busiest = daily.reduce<Day | undefined>(
    (best, d) => (!best || d.bookings > best.bookings ? d : best),
    undefined,
  );
  const summary =
    `${bookings} ${bookings === 1 ? 'booking' : 'bookings'} and ${formatUsd(revenue)} revenue in the last ${daily.length} days` +
    (busiest && busiest.bookings > 0
      ? `; busiest day ${dayLabel(busiest.date)} with ${busiest.bookings}.`
      : '.');
  return (
    <Card className="grid min-w-0 gap-3 p-4">
      <figure className="m-0 grid min-w-0 gap-3" aria-labelledby="daily-chart-title">
        <div className="grid gap-1">
          <h2 id="daily-chart-title" className="text-lg font-bold">
            Bookings and revenue per day
          </h2>
          <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
        </div>
        <div aria-hidden className="min-h-[280px] min-w-0">
          <Suspense fallback={<div className="h-[280px] animate-pulse rounded-lg bg-muted" />}>
            <DailyUplot daily={daily} />
          </Suspense>
        </div>
        <div className="sr-only">
          <table>
            <caption>Bookings and revenue (10%) per day, last {daily.length} days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Bookings</th>
                <th scope="col">Revenue (10%)</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{dayLabel(d.date)}</th>
                  <td>{d.bookings}</td>
                  <td>{formatUsd(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Card>
  );
}
