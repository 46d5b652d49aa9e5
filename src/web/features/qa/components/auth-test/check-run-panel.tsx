import { Play } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { countResults, type Check } from '../../checks.ts';
import { useCheckRun } from '../../use-check-run.ts';
import { CheckList } from '../check-list.tsx';

/**
 * A titled list of live checks with Run All, one Run button per check and the counts.
 * `prepare` and `cleanup` must keep their identity between renders (module functions).
 */
export function CheckRunPanel<Context>({
  title,
  description,
  checks,
  prepare,
  cleanup,
  gapMs,
  runLabel = 'Run All Tests',
}: {
  title: string;
  description: string;
  checks: readonly Check<Context>[];
  prepare: () => Promise<Context>;
  cleanup?: (context: Context) => Promise<unknown>;
  gapMs?: number;
  runLabel?: string;
}) {
  const { results, running, run } = useCheckRun(checks, { prepare, cleanup, gapMs });
  const counts = countResults(
    checks.map((check) => check.id),
    results,
  );
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-lg font-bold">{title}</h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button onClick={() => void run()} disabled={running}>
          <Play aria-hidden />
          {running ? 'Running...' : runLabel}
        </Button>
      </div>
      <p className="text-sm" role="status" aria-live="polite" data-testid="run-counts">
        Total {counts.total} · Passed {counts.passed} · Failed {counts.failed} · Pending{' '}
        {counts.pending}
        {running ? ' · running' : ''}
      </p>
      <CheckList
        checks={checks}
        results={results}
        onRun={(id) => void run(id)}
        disabled={running}
        label={title}
      />
    </Card>
  );
}
