import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useFormat } from '#web/lib/format.ts';
import { themeColour, utcCalendar } from '#web/lib/uplot-calendar.ts';
import { useText } from '#web/lib/i18n.ts';
import { useTheme } from '#web/lib/theme.ts';
import { reportsText } from '../text.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS variable of the theme, with the colour used when the theme has none. */
  colour: [variable: string, fallback: string];
  /** Filled to the axis (stacked areas). */
  fill?: boolean;
  money?: boolean;
}

const HEIGHT = 220;

/**
 * uPlot, loaded only with the report screen: one line per series over the periods' first days
 * (UTC), resized with its box. The canvas is decoration for screen readers; the page tables the
 * same numbers.
 */
export default function ReportUplot({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const element = useRef<HTMLDivElement>(null);
  const { resolved } = useTheme();
  const f = useFormat();
  const periodLabel = useText(reportsText)('period');

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const axis = themeColour('--muted-foreground', '#475569');
    const grid = themeColour('--border', '#cbd5e1');
    const money = series.some((s) => s.money);
    const { utc, names } = utcCalendar(f);
    const periodStart = utc({ dateStyle: 'medium' });
    const wholeDollars = (v: number) =>
      f.number(v, { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });
    const data: uPlot.AlignedData = [
      days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000),
      ...series.map((s) => s.values),
    ];
    const chart = new uPlot(
      {
        width: Math.max(260, target.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        fmtDate: (template) => uPlot.fmtDate(template, names),
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(money ? 10 : 4, max)] } },
        series: [
          {
            label: periodLabel,
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : periodStart(v * 1000)),
          },
          ...series.map((s) => {
            const colour = themeColour(...s.colour);
            return {
              label: s.label,
              stroke: colour,
              width: 2,
              ...(s.fill ? { fill: `${colour}55` } : {}),
              value: (_u: uPlot, v: number | null) =>
                v === null ? '—' : s.money ? f.money(v) : f.number(v),
              points: { show: days.length <= 31, size: 5 },
            };
          }),
        ],
        axes: [
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
          {
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid },
            values: (_u, splits) =>
              splits.map((v) => (money ? wholeDollars(v) : Number.isInteger(v) ? f.number(v) : '')),
          },
        ],
      },
      data,
      target,
    );
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(260, target.clientWidth), height: HEIGHT }),
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series, resolved, f, periodLabel]);

  return <div ref={element} className="w-full" />;
}
