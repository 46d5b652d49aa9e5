import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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

function themeColour([name, fallback]: [string, string]) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * uPlot, loaded only with the report screen: one line per series over the periods' first days
 * (UTC), resized with its box. The canvas is decoration for screen readers; the page tables the
 * same numbers.
 */
export default function ReportUplot({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const axis = themeColour(['--muted-foreground', '#475569']);
    const grid = themeColour(['--border', '#cbd5e1']);
    const money = series.some((s) => s.money);
    const data: uPlot.AlignedData = [
      days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000),
      ...series.map((s) => s.values),
    ];
    const chart = new uPlot(
      {
        width: Math.max(260, target.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(money ? 10 : 4, max)] } },
        series: [
          { label: 'Period', value: '{MMM} {DD}, {YYYY}' },
          ...series.map((s) => {
            const colour = themeColour(s.colour);
            return {
              label: s.label,
              stroke: colour,
              width: 2,
              ...(s.fill ? { fill: `${colour}55` } : {}),
              value: (_u: uPlot, v: number | null) =>
                v === null ? '—' : s.money ? `$${v.toFixed(2)}` : String(v),
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
              splits.map((v) => (money ? `$${v}` : Number.isInteger(v) ? String(v) : '')),
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
  }, [days, series]);

  return <div ref={element} className="w-full" />;
}
