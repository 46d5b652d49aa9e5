import { createHash } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

/** What an attempt is counted against: the account (email), the address key, a device or step. */
export type AttemptKey = 'email' | 'ip' | 'device';

export interface Attempt {
  email: string;
  ip: string;
  device: string | null;
}

export type AttemptClaim =
  | { allowed: true; attemptId: string; failures: Record<AttemptKey, number> }
  | { allowed: false; retryAfterSeconds: number; blockedBy: AttemptKey };

/** A 64-bit advisory lock number for a key, the same on every app server. */
const lockNumber = (key: string) => createHash('sha256').update(key).digest().readBigInt64BE(0);

const column = { email: loginFailures.email, ip: loginFailures.ip, device: loginFailures.device };

/**
 * Records an attempt before its password or code is checked, unless one of `keys` must still
 * wait (`waitFor(failures, lastFailureAt)` answers the seconds left). Attempts sharing a key take
 * turns on advisory locks, so however many arrive at once, each sees the ones before it. The row
 * stays as a failure unless the attempt succeeds and `forgetAttempt` removes it.
 */
export async function claimLoginAttempt(
  db: Executor,
  attempt: Attempt,
  keys: readonly AttemptKey[],
  since: Date,
  waitFor: (failures: number, lastFailureAt: Date | null) => number,
): Promise<AttemptClaim> {
  return db.transaction(async (tx) => {
    // Always in the same order, so two attempts never wait on each other's second lock.
    const locks = keys
      .map((key) => lockNumber(`login:${key}:${attempt[key]}`))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const lock of locks)
      await tx.execute(sql`select pg_advisory_xact_lock(${lock.toString()}::bigint)`);
    const failures = { email: 0, ip: 0, device: 0 };
    for (const key of keys) {
      const value = attempt[key];
      if (value === null) continue;
      const recent = await tx
        .select({ createdAt: loginFailures.createdAt })
        .from(loginFailures)
        .where(and(eq(column[key], value), gt(loginFailures.createdAt, since)))
        .orderBy(desc(loginFailures.createdAt));
      failures[key] = recent.length;
      const wait = waitFor(recent.length, recent[0]?.createdAt ?? null);
      if (wait > 0) return { allowed: false, retryAfterSeconds: wait, blockedBy: key };
    }
    const [row] = await tx
      .insert(loginFailures)
      .values(attempt)
      .returning({ id: loginFailures.id });
    return { allowed: true, attemptId: row!.id, failures };
  });
}

/** A successful attempt is no failure: only its own row goes, the others keep counting. */
export async function forgetAttempt(db: Executor, attemptId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}

/** A password reset proves the owner: the account's failures stop counting. */
export async function clearAccountFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function deleteOldFailures(db: Executor, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}
