export interface Summary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const median = (values: number[]) => summarize(values).p50;

export const ms = (value: number, digits = 2) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';

export const int = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-';

/** A plain-text table: first row is the header; numbers-looking cells align right. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const numeric = /^[-+]?[\d,.]+( ?(ms|s|MB|KB|B|%|req\/s))?$/;
  const line = (row: string[]) =>
    row
      .map((cell, i) =>
        numeric.test(cell) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) return '';
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

export function heading(text: string): string {
  return `\n${text}\n${'='.repeat(text.length)}`;
}

/** A table row of a latency summary: name, count, p50, p95, p99, max and mean in milliseconds. */
export const summaryRow = (name: string, s: Summary) => [
  name,
  int(s.count),
  ms(s.p50),
  ms(s.p95),
  ms(s.p99),
  ms(s.max),
  ms(s.mean),
];
