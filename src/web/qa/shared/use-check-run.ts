import { useCallback, useRef, useState } from 'react';
import { runCheck, runChecks, type Check, type CheckResult } from './checks.ts';

/**
 * Results of a list of checks, run one at a time or all in sequence `gapMs` apart. `prepare`
 * builds the context before a run (test accounts…) and `cleanup` removes it afterwards, whatever
 * the checks did.
 */
export function useCheckRun<Context>(
  checks: readonly Check<Context>[],
  {
    prepare,
    cleanup,
    gapMs = 0,
  }: {
    prepare: () => Promise<Context>;
    cleanup?: (context: Context) => Promise<unknown>;
    gapMs?: number;
  },
) {
  const [results, setResults] = useState<Record<string, CheckResult>>({});
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const record = useCallback(
    (id: string, result: CheckResult) => setResults((all) => ({ ...all, [id]: result })),
    [],
  );

  const run = useCallback(
    async (only?: string) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(true);
      const selected = only ? checks.filter((check) => check.id === only) : checks;
      if (!only) setResults({});
      let context: Context | undefined;
      try {
        context = await prepare();
        if (only && selected[0]) {
          record(selected[0].id, { status: 'running' });
          record(selected[0].id, await runCheck(selected[0], context));
        } else {
          await runChecks(selected, context, record, gapMs);
        }
      } catch (error) {
        // The context could not be built: every selected check fails with the reason.
        const detail = error instanceof Error ? error.message : String(error);
        for (const check of selected) record(check.id, { status: 'failed', detail });
      } finally {
        if (context !== undefined && cleanup) await cleanup(context).catch(() => undefined);
        busy.current = false;
        setRunning(false);
      }
    },
    [checks, prepare, cleanup, gapMs, record],
  );

  const reset = useCallback(() => setResults({}), []);
  return { results, running, run, reset };
}
