import { countResults, type CheckResult } from '../checks.ts';

/** Total, Passed, Failed and Pending for a list of checks. */
export function RunSummary({
  ids,
  results,
}: {
  ids: readonly string[];
  results: Record<string, CheckResult>;
}) {
  const counts = countResults(ids, results);
  const cells: [string, number, string][] = [
    ['Total', counts.total, ''],
    ['Passed', counts.passed, 'text-success'],
    ['Failed', counts.failed, 'text-destructive'],
    ['Pending', counts.pending, 'text-muted-foreground'],
  ];
  return (
    <dl className="grid grid-cols-4 gap-2 text-center" aria-live="polite" data-testid="run-summary">
      {cells.map(([label, value, tone]) => (
        <div key={label} className="rounded-lg border bg-card p-2">
          <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
          <dd className={`text-xl font-bold ${tone}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
