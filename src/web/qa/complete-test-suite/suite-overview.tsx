import { Check, ClipboardCopy, Loader2, Play, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import type { StepOutcome, SuiteSummary } from './summary.ts';
import { CheckStatusIcon } from '../shared/check-list.tsx';
import { ProgressBar } from './progress-bar.tsx';

const stepStatus = {
  idle: 'pending',
  running: 'running',
  ok: 'passed',
  failed: 'failed',
} as const;

function Step({ label, outcome, testId }: { label: string; outcome: StepOutcome; testId: string }) {
  if (outcome.status === 'idle') return null;
  return (
    <p className="flex items-start gap-2 text-sm" data-testid={testId} data-status={outcome.status}>
      <span className="shrink-0">
        <CheckStatusIcon status={stepStatus[outcome.status]} />
      </span>
      <span className="min-w-0 wrap-anywhere">
        <span className="font-semibold">{label}:</span> {outcome.detail}
      </span>
    </p>
  );
}

/** Totals, overall progress, the run button and the JSON summary to copy. */
export function SuiteOverview({
  summary,
  running,
  onRunAll,
  onReset,
}: {
  summary: SuiteSummary;
  running: boolean;
  onRunAll: () => void;
  onReset: () => void;
}) {
  const { totals } = summary;
  const done = totals.passed + totals.failed;
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(summary, null, 2));
      setCopied(true);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser did not allow copying: select the JSON below instead.',
        variant: 'destructive',
      });
    }
  };

  const counts = [
    { key: 'total', label: 'Total', value: totals.total, className: '' },
    { key: 'passed', label: 'Passed', value: totals.passed, className: 'text-success' },
    { key: 'failed', label: 'Failed', value: totals.failed, className: 'text-destructive' },
    { key: 'pending', label: 'Pending', value: totals.pending, className: 'text-muted-foreground' },
  ];

  return (
    <Card
      className="grid gap-4 p-4 sm:p-5"
      aria-labelledby="suite-overview-title"
      role="region"
      data-testid="suite-overview"
      data-state={running ? 'running' : summary.finishedAt ? 'finished' : 'idle'}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="suite-overview-title" className="text-lg font-semibold">
          Overview
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onRunAll} disabled={running} data-testid="suite-run-all">
            {running ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            Run All Tests
          </Button>
          <Button variant="outline" onClick={copy} data-testid="suite-copy-json">
            {copied ? <Check aria-hidden /> : <ClipboardCopy aria-hidden />}
            {copied ? 'Copied' : 'Copy JSON summary'}
          </Button>
          <Button variant="ghost" onClick={onReset} disabled={running}>
            <RotateCcw aria-hidden />
            Reset
          </Button>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map((count) => (
          <div key={count.key} className="rounded-lg border bg-muted/40 p-3">
            <dt className="text-sm text-muted-foreground">{count.label}</dt>
            <dd
              className={`text-2xl font-bold tabular-nums ${count.className}`}
              data-testid={`suite-count-${count.key}`}
            >
              {count.value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-1.5">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">Overall progress</span>
          <span className="tabular-nums" data-testid="suite-progress">
            {done}/{totals.total}
          </span>
        </div>
        <ProgressBar
          value={done}
          max={totals.total}
          label="Overall progress"
          failed={totals.failed > 0}
        />
      </div>

      <div className="grid gap-1.5" aria-live="polite">
        <Step label="Setup" outcome={summary.setup} testId="suite-setup" />
        <Step label="Cleanup" outcome={summary.cleanup} testId="suite-cleanup" />
        {copied && <span className="sr-only">Summary copied to the clipboard</span>}
      </div>

      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Show the JSON summary</summary>
        <pre
          className="mt-2 max-h-96 overflow-auto rounded-lg border bg-muted/40 p-3 text-xs"
          data-testid="suite-json"
        >
          {JSON.stringify(summary, null, 2)}
        </pre>
      </details>
    </Card>
  );
}
