import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AdminDashboard } from '#core/admin/schemas.ts';
import { useFormat } from '#web/lib/format.ts';
import { themeColour, utcCalendar } from '#web/lib/uplot-calendar.ts';
import { useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

type Day = AdminDashboard['daily'][number];

const HEIGHT = 240;

/**
 * uPlot, loaded only with the admin screen: bookings a day as bars (left axis), commission a day
 * as a line (right axis). The canvas is decoration for screen readers; DailyChart gives the table.
 */
export default function DailyUplot({ daily }: { daily: Day[] }) {
  const element = useRef<HTMLDivElement>(null);
  const t = useText(adminText);
  const f = useFormat();
  const labels = { day: t('day'), bookings: t('tabBookings'), revenue: t('revenue') };

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const bookings = themeColour('--primary', '#c2410c');
    const revenue = themeColour('--success', '#15803d');
    const axis = themeColour('--muted-foreground', '#475569');
    const grid = themeColour('--border', '#cbd5e1');
    const { utc, names } = utcCalendar(f);
    const dayLabel = utc({ month: 'short', day: '2-digit' });
    const data: uPlot.AlignedData = [
      daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
      daily.map((d) => d.bookings),
      daily.map((d) => d.revenue),
    ];
    const chart = new uPlot(
      {
        width: Math.max(280, target.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        fmtDate: (template) => uPlot.fmtDate(template, names),
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        scales: {
          // Half a day either side, so the first and last bars show whole.
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          bookings: { range: (_u, _min, max) => [0, Math.max(4, max)] },
        },
        series: [
          {
            label: labels.day,
            value: (_u, v) => (v === null ? '—' : dayLabel(v * 1000)),
          },
          {
            label: labels.bookings,
            scale: 'bookings',
            stroke: bookings,
            fill: `${bookings}99`,
            width: 1,
            paths: uPlot.paths.bars?.({ size: [0.6, 24] }),
            points: { show: false },
          },
          {
            label: labels.revenue,
            scale: 'revenue',
            stroke: revenue,
            width: 2,
            value: (_u, v) => (v === null ? '—' : f.money(v)),
            points: { show: true, size: 5 },
          },
        ],
        axes: [
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
          {
            scale: 'bookings',
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid },
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
          },
          {
            scale: 'revenue',
            side: 1,
            stroke: axis,
            grid: { show: false },
            ticks: { stroke: grid },
            values: (_u, splits) =>
              splits.map((v) =>
                f.number(v, { style: 'currency', currency: 'USD', minimumFractionDigits: 0 }),
              ),
          },
        ],
      },
      data,
      target,
    );
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, target.clientWidth), height: HEIGHT }),
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [daily, f, labels.day, labels.bookings, labels.revenue]);

  return <div ref={element} className="daily-chart w-full" data-testid="daily-chart" />;
}
