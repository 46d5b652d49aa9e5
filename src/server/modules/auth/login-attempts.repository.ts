import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { countRecentFailures } from './sessions.repository.ts';

export type AttemptClaim =
  | { allowed: true; attemptId: string; byEmail: number; byIp: number }
  | { allowed: false; byEmail: number; byIp: number };

/** A 64-bit advisory lock number for a key, the same on every app server. */
const lockNumber = (key: string) => createHash('sha256').update(key).digest().readBigInt64BE(0);

/**
 * Records a sign-in attempt before its password is checked, unless the email or the address
 * already has `max` attempts since `since` (failures, and attempts still being checked).
 * Attempts for the same email or address take turns on advisory locks, so however many arrive
 * at once, at most `max` are let through to the password check. The row stays as a failure
 * unless the sign-in succeeds and clears the email's rows.
 */
export async function claimLoginAttempt(
  db: Executor,
  attempt: { email: string; ip: string },
  since: Date,
  max: number,
): Promise<AttemptClaim> {
  return db.transaction(async (tx) => {
    // Always in the same order, so two attempts never wait on each other's second lock.
    const locks = [`login:email:${attempt.email}`, `login:ip:${attempt.ip}`]
      .map(lockNumber)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const lock of locks)
      await tx.execute(sql`select pg_advisory_xact_lock(${lock.toString()}::bigint)`);
    const counts = await countRecentFailures(tx, attempt.email, attempt.ip, since);
    if (counts.byEmail >= max || counts.byIp >= max) return { allowed: false, ...counts };
    const [row] = await tx
      .insert(loginFailures)
      .values(attempt)
      .returning({ id: loginFailures.id });
    return { allowed: true, attemptId: row!.id, ...counts };
  });
}
