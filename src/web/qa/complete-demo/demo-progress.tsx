import type { CheckResult } from '../shared/checks.ts';

/** How far the demo has got: finished steps out of all, and the step running now. */
export function DemoProgress({
  steps,
  results,
}: {
  steps: readonly { id: string; name: string }[];
  results: Record<string, CheckResult>;
}) {
  const done = steps.filter((step) => {
    const status = results[step.id]?.status;
    return status === 'passed' || status === 'failed';
  }).length;
  const current = steps.findIndex((step) => results[step.id]?.status === 'running');
  const failed = steps.some((step) => results[step.id]?.status === 'failed');
  const percent = Math.round((done / steps.length) * 100);
  const text =
    current >= 0
      ? `Step ${current + 1} of ${steps.length}: ${steps[current]?.name}`
      : done === steps.length
        ? failed
          ? 'Demo finished with failures'
          : 'Demo complete'
        : done === 0
          ? 'Not started'
          : `${done} of ${steps.length} steps done`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-semibold wrap-anywhere" aria-live="polite">
          {text}
        </span>
        <span className="text-muted-foreground">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Demo progress"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${steps.length} steps`}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            failed ? 'h-full bg-destructive transition-all' : 'h-full bg-primary transition-all'
          }
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
