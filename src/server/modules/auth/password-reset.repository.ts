import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';

export async function insertResetToken(
  db: Executor,
  token: { tokenHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(token);
}

export async function countResetTokensSince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Inserts the token unless the user already received `max` since `since`. Requests for the same
 * user take turns on an advisory lock, so however many arrive at once, no more than `max` pass.
 */
export async function insertResetTokenWithinLimit(
  db: Executor,
  token: { tokenHash: string; userId: string; expiresAt: Date },
  since: Date,
  max: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`password-reset:${token.userId}`}, 0))`,
    );
    if ((await countResetTokensSince(tx, token.userId, since)) >= max) return false;
    await insertResetToken(tx, token);
    return true;
  });
}

/** Marks a live token used and answers its user; null when it is unknown, used or expired. */
export async function consumeResetToken(db: Executor, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Every other outstanding link of the user stops working once the password changed. */
export async function retireResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
