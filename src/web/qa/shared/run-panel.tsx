import { Play } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { countResults, type Check, type CheckResult } from './checks.ts';
import { CheckList } from './check-list.tsx';

/** What `useCheckRun` hands back, as far as the panel needs it. */
export interface CheckRunner {
  results: Record<string, CheckResult>;
  running: boolean;
  run: (only?: string) => Promise<void>;
}

/** Total, Passed, Failed and Pending of a run on one line. */
export function RunCounts({
  ids,
  results,
  running,
}: {
  ids: readonly string[];
  results: Record<string, CheckResult>;
  running: boolean;
}) {
  const counts = countResults(ids, results);
  return (
    <p className="text-sm" role="status" aria-live="polite" data-testid="run-counts">
      Total {counts.total} · Passed {counts.passed} · Failed {counts.failed} · Pending{' '}
      {counts.pending}
      {running ? ' · running' : ''}
    </p>
  );
}

/**
 * A titled list of live checks: the run button (and any other `actions`), a summary of the run
 * (the counts unless `summary` says otherwise), then one row per check, with a Run button each
 * unless `runEach` is false. `children` come after the list.
 */
export function RunPanel<Context>({
  title,
  description,
  checks,
  runner,
  runLabel = 'Run All Tests',
  runningLabel = 'Running...',
  disabled = false,
  actions,
  summary,
  runEach = true,
  children,
}: {
  title: string;
  description?: ReactNode;
  checks: readonly Pick<Check<Context>, 'id' | 'name'>[];
  runner: CheckRunner;
  runLabel?: string;
  runningLabel?: string;
  /** Holds the run button back besides a run in progress. */
  disabled?: boolean;
  actions?: ReactNode;
  summary?: ReactNode;
  runEach?: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  const { results, running, run } = runner;
  return (
    <Card
      className="grid min-w-0 content-start gap-4 p-4 sm:p-5"
      role="region"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id={headingId} className="text-lg font-bold">
            {title}
          </h2>
          {description && <div className="text-sm text-muted-foreground">{description}</div>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void run()} disabled={running || disabled}>
            <Play aria-hidden />
            {running ? runningLabel : runLabel}
          </Button>
          {actions}
        </div>
      </div>
      {summary ?? (
        <RunCounts ids={checks.map((check) => check.id)} results={results} running={running} />
      )}
      <div className="wrap-anywhere">
        <CheckList
          checks={checks}
          results={results}
          onRun={runEach ? (id) => void run(id) : undefined}
          disabled={running}
          label={title}
        />
      </div>
      {children}
    </Card>
  );
}
