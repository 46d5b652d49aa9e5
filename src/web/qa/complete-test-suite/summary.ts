import { countResults, type CheckResult, type CheckStatus } from '../shared/checks.ts';

interface GroupLike {
  id: string;
  name: string;
  checks: readonly { id: string; name: string }[];
}

/** Finished (passed or failed) checks of a group, out of its size. */
export function groupProgress(group: GroupLike, results: Record<string, CheckResult | undefined>) {
  const ids = group.checks.map((c) => c.id);
  const counts = countResults(ids, results as Record<string, CheckResult>);
  return { ...counts, done: counts.passed + counts.failed };
}

export interface StepOutcome {
  status: 'idle' | 'running' | 'ok' | 'failed';
  detail?: string;
}

export interface SuiteSummary {
  startedAt: string | null;
  finishedAt: string | null;
  totals: { total: number; passed: number; failed: number; pending: number };
  setup: StepOutcome;
  cleanup: StepOutcome;
  tests: {
    group: string;
    name: string;
    status: CheckStatus;
    httpStatus: number | null;
    message: string | null;
    ms: number | null;
    detail: string | null;
  }[];
}

/** The run as JSON for a bug report: every test with what came back, and the totals. */
export function buildSummary({
  groups,
  results,
  startedAt,
  finishedAt,
  setup,
  cleanup,
}: {
  groups: readonly GroupLike[];
  results: Record<string, CheckResult | undefined>;
  startedAt: string | null;
  finishedAt: string | null;
  setup: StepOutcome;
  cleanup: StepOutcome;
}): SuiteSummary {
  const ids = groups.flatMap((g) => g.checks.map((c) => c.id));
  return {
    startedAt,
    finishedAt,
    totals: countResults(ids, results as Record<string, CheckResult>),
    setup,
    cleanup,
    tests: groups.flatMap((group) =>
      group.checks.map((check) => {
        const result = results[check.id];
        return {
          group: group.name,
          name: check.name,
          status: result?.status ?? 'pending',
          httpStatus: result?.httpStatus ?? null,
          message: result?.message ?? null,
          ms: result?.ms ?? null,
          detail: result?.detail ?? null,
        };
      }),
    ),
  };
}
