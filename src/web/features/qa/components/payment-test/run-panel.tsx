import { Play } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { countResults, type Check } from '../../checks.ts';
import type { QaResponse } from '../../qa-client.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../../test-accounts.ts';
import { useCheckRun } from '../../use-check-run.ts';
import { CheckList } from '../check-list.tsx';
import { callLine } from './call-log.tsx';

/**
 * Runs checks on a fresh test mechanic registered for the run and deleted after it, whatever the
 * checks did; shows each result and what the deletion answered.
 */
export function TestMechanicRun<Context extends { account: TestAccount }>({
  title,
  intro,
  checks,
  context,
  gapMs,
  runLabel = 'Run All Tests',
}: {
  title: string;
  intro: ReactNode;
  checks: readonly Check<Context>[];
  /** Everything the checks need besides the account. */
  context: Omit<Context, 'account'>;
  gapMs?: number;
  runLabel?: string;
}) {
  const [cleanup, setCleanup] = useState<QaResponse | null>(null);
  const prepare = useCallback(async () => {
    setCleanup(null);
    const { account, response } = await createTestAccount('mechanic');
    if (!account) throw new Error(`Could not create the test mechanic: ${callLine(response)}`);
    return { ...context, account } as Context;
  }, [context]);
  const remove = useCallback(async (ctx: Context) => {
    const response = await deleteTestAccount(ctx.account);
    setCleanup(response);
    return response;
  }, []);
  const { results, running, run } = useCheckRun(checks, { prepare, cleanup: remove, gapMs });
  const counts = countResults(
    checks.map((c) => c.id),
    results,
  );

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-bold">{title}</h2>
          <div className="text-sm text-muted-foreground">{intro}</div>
        </div>
        <Button onClick={() => void run()} disabled={running}>
          <Play aria-hidden />
          {running ? 'Running…' : runLabel}
        </Button>
      </div>
      <p className="text-sm" aria-live="polite" data-testid="run-counts">
        Total {counts.total} · Passed {counts.passed} · Failed {counts.failed} · Pending{' '}
        {counts.pending}
      </p>
      <CheckList
        checks={checks}
        results={results}
        onRun={(id) => void run(id)}
        disabled={running}
        label={title}
      />
      <p aria-live="polite" className="text-sm" data-testid="cleanup">
        {cleanup &&
          (cleanup.ok ? (
            <span className="text-muted-foreground">
              Cleanup: the run&apos;s test mechanic was deleted (HTTP {cleanup.status}, {cleanup.ms}{' '}
              ms).
            </span>
          ) : (
            <span className="text-destructive wrap-anywhere">
              Cleanup failed: {callLine(cleanup)}
            </span>
          ))}
      </p>
    </Card>
  );
}
