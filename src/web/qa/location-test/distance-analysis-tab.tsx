import { Card } from '#web/components/ui/card.tsx';
import { CheckStatusIcon } from '../shared/check-list.tsx';
import { HeaderRow } from '../shared/header-row.tsx';
import {
  analyseDistances,
  DISTANCE_TOLERANCE_MILES,
  summariseDistances,
} from './distance-analysis.ts';
import type { SearchOutcome } from './location-checks.ts';

const miles = (value: number | null) => (value === null ? '—' : `${value.toFixed(3)} mi`);

export function DistanceAnalysisTab({ outcome }: { outcome: SearchOutcome | null }) {
  const providers =
    outcome?.response.ok && Array.isArray(outcome.response.body) ? outcome.response.body : null;
  if (!outcome || !providers)
    return (
      <Card className="p-6 text-center text-muted-foreground">
        {outcome
          ? 'The last search failed, so there is nothing to compare.'
          : 'Run a search first: each provider it returns is compared here.'}
      </Card>
    );
  const rows = analyseDistances(outcome.params, providers);
  const summary = summariseDistances(rows);
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h2 className="text-lg font-bold">API distance vs. the page&apos;s haversine</h2>
        <p className="text-sm text-muted-foreground wrap-anywhere">
          From {outcome.params.latitude}, {outcome.params.longitude} ({outcome.label}). Great-circle
          distance with an Earth radius of 3959 miles; a row passes when the two differ by less than{' '}
          {DISTANCE_TOLERANCE_MILES} mi.
        </p>
        <p aria-live="polite" className="font-semibold" data-testid="distance-summary">
          {summary.total === 0
            ? 'No providers to compare.'
            : `${summary.passed} of ${summary.total} passed, ${summary.failed} failed`}
        </p>
      </div>
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Distance analysis per provider</caption>
            <thead className="bg-muted text-left">
              <HeaderRow
                cellClassName="p-2"
                cells={[
                  'Provider',
                  { label: 'API', right: true },
                  { label: 'Haversine', right: true },
                  { label: 'Difference', right: true },
                  'Result',
                ]}
              />
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-t"
                  data-testid={`distance-${row.id}`}
                  data-status={row.pass ? 'passed' : 'failed'}
                >
                  <th scope="row" className="p-2 text-left font-medium wrap-anywhere">
                    {row.name}
                  </th>
                  <td className="p-2 text-right whitespace-nowrap tabular-nums">
                    {miles(row.api)}
                  </td>
                  <td className="p-2 text-right whitespace-nowrap tabular-nums">
                    {miles(row.computed)}
                  </td>
                  <td className="p-2 text-right whitespace-nowrap tabular-nums">
                    {miles(row.difference)}
                  </td>
                  <td className="p-2">
                    <span className="inline-flex items-center gap-1.5">
                      <CheckStatusIcon status={row.pass ? 'passed' : 'failed'} />
                      {row.pass ? 'Pass' : 'Fail'}
                    </span>
                    {row.problem && (
                      <span className="block text-xs text-destructive">{row.problem}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
