import { Play } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { CheckResult } from '../shared/checks.ts';
import type { SuiteGroup } from './context.ts';
import { groupProgress } from './summary.ts';
import { CheckList } from '../shared/check-list.tsx';
import { ProgressBar } from './progress-bar.tsx';

/** One group: its progress, a button to run it alone, and its five checks. */
export function SuiteGroupCard({
  group,
  results,
  running,
  disabled,
  onRun,
}: {
  group: SuiteGroup;
  results: Record<string, CheckResult>;
  running: boolean;
  disabled: boolean;
  onRun: () => void;
}) {
  const progress = groupProgress(group, results);
  const headingId = `suite-group-${group.id}-title`;
  return (
    <Card
      className="grid content-start gap-4 p-4 sm:p-5"
      data-testid={`suite-group-${group.id}`}
      aria-labelledby={headingId}
      role="region"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={headingId} className="text-lg font-semibold wrap-anywhere">
            {group.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {progress.passed} passed · {progress.failed} failed
          </p>
        </div>
        <div className="flex items-center gap-2">
          {progress.done === progress.total && progress.total > 0 && (
            <Badge variant={progress.failed > 0 ? 'destructive' : 'success'}>
              {progress.failed > 0 ? `${progress.failed} failed` : 'All passed'}
            </Badge>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={onRun}
            disabled={disabled}
            aria-label={`Run ${group.name}`}
          >
            <Play aria-hidden />
            {running ? 'Running…' : 'Run group'}
          </Button>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <ProgressBar
          value={progress.done}
          max={progress.total}
          label={`${group.name} progress`}
          failed={progress.failed > 0}
        />
        <span
          className="shrink-0 text-sm font-medium tabular-nums"
          data-testid={`suite-group-${group.id}-progress`}
        >
          {progress.done}/{progress.total}
        </span>
      </div>
      <CheckList checks={group.checks} results={results} label={`${group.name} tests`} />
    </Card>
  );
}
