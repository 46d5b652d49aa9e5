import { CheckCircle2, Circle, Loader2, XCircle } from 'lucide-react';
import type { Check, CheckResult, CheckStatus } from './checks.ts';

const statusText: Record<CheckStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
};

export function CheckStatusIcon({ status }: { status: CheckStatus }) {
  if (status === 'passed') return <CheckCircle2 className="size-5 text-success" aria-hidden />;
  if (status === 'failed') return <XCircle className="size-5 text-destructive" aria-hidden />;
  if (status === 'running')
    return <Loader2 className="size-5 animate-spin text-primary" aria-hidden />;
  return <Circle className="size-5 text-muted-foreground" aria-hidden />;
}

/**
 * One row per check: its name, state, and for a finished one what came back — the HTTP status and
 * message of the deciding call and the time it took. `onRun` adds a button to run one alone.
 */
export function CheckList<Context>({
  checks,
  results,
  onRun,
  disabled,
  label,
}: {
  checks: readonly Pick<Check<Context>, 'id' | 'name'>[];
  results: Record<string, CheckResult | undefined>;
  onRun?: (id: string) => void;
  disabled?: boolean;
  label: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {checks.map((check) => {
        const result = results[check.id] ?? { status: 'pending' as const };
        return (
          <li
            key={check.id}
            className="flex flex-wrap items-start gap-3 rounded-lg border bg-card p-3"
            data-testid={`check-${check.id}`}
            data-status={result.status}
          >
            <CheckStatusIcon status={result.status} />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="font-medium wrap-anywhere">{check.name}</p>
              <p className="text-sm">
                <span className="font-semibold">{statusText[result.status]}</span>
                {result.ms !== undefined && (
                  <span className="text-muted-foreground"> · {result.ms} ms</span>
                )}
                {result.httpStatus !== undefined && (
                  <span className="text-muted-foreground">
                    {' '}
                    · HTTP {result.httpStatus}
                    {result.message ? ` ${result.message}` : ''}
                  </span>
                )}
              </p>
              {result.detail && (
                <p
                  className={
                    result.status === 'failed'
                      ? 'text-sm wrap-anywhere text-destructive'
                      : 'text-sm wrap-anywhere text-muted-foreground'
                  }
                >
                  {result.detail}
                </p>
              )}
            </div>
            {onRun && (
              <button
                type="button"
                className="rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-50"
                onClick={() => onRun(check.id)}
                disabled={disabled || result.status === 'running'}
                aria-label={`Run ${check.name}`}
              >
                Run
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
