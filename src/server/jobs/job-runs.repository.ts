import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

/**
 * Leases a due job to `runner` for `leaseMs`: one conditional UPDATE, so of several app servers
 * ticking at once exactly one gets it, and a runner that dies frees it when the lease ends.
 */
export async function leaseJob(
  db: Executor,
  name: string,
  runner: string,
  leaseMs: number,
): Promise<boolean> {
  await db.insert(jobRuns).values({ name }).onConflictDoNothing();
  const rows = await db
    .update(jobRuns)
    .set({ lockedBy: runner, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(
      and(
        eq(jobRuns.name, name),
        lte(jobRuns.nextRunAt, sql`now()`),
        or(isNull(jobRuns.lockedUntil), lte(jobRuns.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ name: jobRuns.name });
  return rows.length === 1;
}

export async function finishJob(
  db: Executor,
  name: string,
  runner: string,
  intervalMs: number,
  error: string | null,
) {
  await db
    .update(jobRuns)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastRunAt: sql`now()`,
      lastError: error,
      nextRunAt: sql`now() + ${`${intervalMs} milliseconds`}::interval`,
    })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.lockedBy, runner)));
}
