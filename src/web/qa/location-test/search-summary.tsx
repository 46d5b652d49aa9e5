import { CheckStatusIcon } from '../shared/check-list.tsx';
import type { SearchOutcome } from './location-checks.ts';

/** What the last search asked and what came back: HTTP status, time and count. */
export function SearchSummary({ outcome }: { outcome: SearchOutcome }) {
  const { response, params } = outcome;
  const count = Array.isArray(response.body) ? response.body.length : null;
  return (
    <div
      className="grid gap-1 rounded-lg border bg-card p-3 text-sm"
      data-testid="search-summary"
      data-status={response.ok ? 'passed' : 'failed'}
    >
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <CheckStatusIcon status={response.ok ? 'passed' : 'failed'} />
        <span className="wrap-anywhere">{outcome.label}</span>
      </p>
      <p className="wrap-anywhere">
        HTTP {response.status || '—'} {response.message} · {response.ms} ms
        {count !== null ? ` · ${count} provider${count === 1 ? '' : 's'}` : ''}
      </p>
      <p className="text-muted-foreground wrap-anywhere">
        {response.method} {response.path} · {outcome.at.toLocaleTimeString()} · radius{' '}
        {params.radius} mi
      </p>
    </div>
  );
}
