import { useCallback, useState, type ReactNode } from 'react';
import type { Check } from '../checks.ts';
import type { QaResponse } from '../qa-api.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../test-accounts.ts';
import { useCheckRun } from '../use-check-run.ts';
import { RunPanel } from '../run-panel.tsx';
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
  runLabel,
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
  const runner = useCheckRun(checks, { prepare, cleanup: remove, gapMs });

  return (
    <RunPanel title={title} description={intro} checks={checks} runner={runner} runLabel={runLabel}>
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
    </RunPanel>
  );
}
