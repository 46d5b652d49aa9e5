import type { QaResponse } from './qa-api.ts';

export type CheckStatus = 'pending' | 'running' | 'passed' | 'failed';

/** What a check reports: the call that decided it (status, message, time) and a sentence. */
export interface CheckResult {
  status: CheckStatus;
  /** What was found, in words: "3 providers within 25 mi", "refused as expected". */
  detail?: string;
  /** The HTTP status and server message of the deciding call, when there was one. */
  httpStatus?: number;
  message?: string;
  /** The whole check's time, in milliseconds. */
  ms?: number;
}

/** A failed expectation inside a check: carries the response that broke it. */
export class CheckFailure extends Error {
  readonly response?: QaResponse;
  constructor(message: string, response?: QaResponse) {
    super(message);
    this.name = 'CheckFailure';
    this.response = response;
  }
}

/** What a check returns when it passes: a sentence and, optionally, the deciding response. */
export interface CheckPass {
  detail: string;
  response?: QaResponse;
}

export interface Check<Context = void> {
  id: string;
  name: string;
  run(context: Context): Promise<CheckPass>;
}

/**
 * A check written for one context, run on another: it gets the part `focus` picks (the same object
 * for every check of a run, so they share what earlier ones made), its id after `idPrefix`.
 */
export function focusCheck<Outer, Inner>(
  check: Check<Inner>,
  idPrefix: string,
  focus: (context: Outer) => Inner | Promise<Inner>,
): Check<Outer> {
  return {
    id: `${idPrefix}${check.id}`,
    name: check.name,
    run: async (context) => check.run(await focus(context)),
  };
}

/** `focusCheck` for each of `checks`. */
export const focusChecks = <Outer, Inner>(
  checks: readonly Check<Inner>[],
  idPrefix: string,
  focus: (context: Outer) => Inner | Promise<Inner>,
): Check<Outer>[] => checks.map((check) => focusCheck(check, idPrefix, focus));

/** Passes the response on when its status is one of `expected`, else fails with what came back. */
export function expectStatus<T>(response: QaResponse<T>, ...expected: number[]): QaResponse<T> {
  if (expected.includes(response.status)) return response;
  throw new CheckFailure(
    `Expected ${expected.join(' or ')}, got ${response.status}: ${response.message}`,
    response,
  );
}

/** Fails the check with `message` unless `condition` holds. */
export function expectThat(condition: unknown, message: string, response?: QaResponse): void {
  if (!condition) throw new CheckFailure(message, response);
}

/** Runs one check and times it; never throws. */
export async function runCheck<Context>(
  check: Check<Context>,
  context: Context,
): Promise<CheckResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const pass = await check.run(context);
    return {
      status: 'passed',
      detail: pass.detail,
      httpStatus: pass.response?.status,
      message: pass.response?.message,
      ms: ms(),
    };
  } catch (error) {
    const response = error instanceof CheckFailure ? error.response : undefined;
    return {
      status: 'failed',
      detail: error instanceof Error ? error.message : String(error),
      httpStatus: response?.status,
      message: response?.message,
      ms: ms(),
    };
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs checks one after another, `gapMs` apart, telling `onResult` as each starts and ends.
 * Returns every result by check id.
 */
export async function runChecks<Context>(
  checks: readonly Check<Context>[],
  context: Context,
  onResult: (id: string, result: CheckResult) => void,
  gapMs = 0,
): Promise<Record<string, CheckResult>> {
  const results: Record<string, CheckResult> = {};
  for (const [index, check] of checks.entries()) {
    if (index > 0 && gapMs > 0) await pause(gapMs);
    onResult(check.id, { status: 'running' });
    const result = await runCheck(check, context);
    results[check.id] = result;
    onResult(check.id, result);
  }
  return results;
}

/** Total, Passed, Failed, Pending (running counts as pending). */
export function countResults(ids: readonly string[], results: Record<string, CheckResult>) {
  const statuses = ids.map((id) => results[id]?.status ?? 'pending');
  const passed = statuses.filter((s) => s === 'passed').length;
  const failed = statuses.filter((s) => s === 'failed').length;
  return { total: ids.length, passed, failed, pending: ids.length - passed - failed };
}

/** The same checks, each telling `notify` how it ended (for the toasts). */
export function notifyingChecks<C extends Check<Ctx> & { refusal?: boolean }, Ctx>(
  checks: readonly C[],
  notify: (check: C, outcome: { passed: boolean; detail: string }) => void,
): C[] {
  return checks.map((check) => ({
    ...check,
    async run(context: Ctx) {
      try {
        const pass = await check.run(context);
        notify(check, { passed: true, detail: pass.detail });
        return pass;
      } catch (error) {
        notify(check, {
          passed: false,
          detail: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    },
  }));
}
