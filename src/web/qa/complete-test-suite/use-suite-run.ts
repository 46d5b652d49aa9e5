import { useCallback, useRef, useState } from 'react';
import { runCheck, type CheckResult } from '../shared/checks.ts';
import {
  SetupError,
  cleanupSuite,
  prepareSuite,
  type SuiteContext,
  type SuiteGroup,
} from './context.ts';
import type { StepOutcome } from './summary.ts';

/**
 * Runs the whole suite, or one group, against the live API: two test accounts are made first and
 * deleted afterwards, whatever the checks did.
 */
export function useSuiteRun(groups: readonly SuiteGroup[]) {
  const [results, setResults] = useState<Record<string, CheckResult>>({});
  /** 'all', a group id, or null when idle. */
  const [running, setRunning] = useState<string | null>(null);
  const [setup, setSetup] = useState<StepOutcome>({ status: 'idle' });
  const [cleanup, setCleanup] = useState<StepOutcome>({ status: 'idle' });
  const [startedAt, setStartedAt] = useState<string | null>(null);
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  const busy = useRef(false);

  const record = useCallback(
    (id: string, result: CheckResult) => setResults((all) => ({ ...all, [id]: result })),
    [],
  );

  const run = useCallback(
    async (groupId?: string) => {
      if (busy.current) return;
      busy.current = true;
      const selected = groupId ? groups.filter((g) => g.id === groupId) : groups;
      const checks = selected.flatMap((g) => g.checks);
      setRunning(groupId ?? 'all');
      setStartedAt(new Date().toISOString());
      setFinishedAt(null);
      setResults((all) => {
        if (!groupId) return {};
        const next = { ...all };
        for (const check of checks) delete next[check.id];
        return next;
      });
      setSetup({ status: 'running', detail: 'Creating a test driver and a test mechanic…' });
      setCleanup({ status: 'idle' });
      let context: SuiteContext | undefined;
      try {
        context = await prepareSuite();
        setSetup({
          status: 'ok',
          detail: `Test driver ${context.driver.email} and test mechanic ${context.mechanic.email}, each on its own session`,
        });
        for (const check of checks) {
          record(check.id, { status: 'running' });
          record(check.id, await runCheck(check, context));
        }
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        const response = error instanceof SetupError ? error.response : undefined;
        setSetup({ status: 'failed', detail });
        for (const check of checks)
          record(check.id, {
            status: 'failed',
            detail: `Setup failed: ${detail}`,
            httpStatus: response?.status,
            message: response?.message,
          });
      } finally {
        if (context) {
          setCleanup({ status: 'running', detail: 'Deleting the test accounts…' });
          const outcome = await cleanupSuite(context).catch((error: unknown) => ({
            ok: false,
            detail: error instanceof Error ? error.message : String(error),
          }));
          setCleanup({ status: outcome.ok ? 'ok' : 'failed', detail: outcome.detail });
        }
        setFinishedAt(new Date().toISOString());
        busy.current = false;
        setRunning(null);
      }
    },
    [groups, record],
  );

  const reset = useCallback(() => {
    if (busy.current) return;
    setResults({});
    setSetup({ status: 'idle' });
    setCleanup({ status: 'idle' });
    setStartedAt(null);
    setFinishedAt(null);
  }, []);

  return { results, running, setup, cleanup, startedAt, finishedAt, run, reset };
}
