import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailChangeTokens } from '../../db/schema/index.ts';

export async function insertEmailChangeToken(
  db: Executor,
  token: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeTokens).values(token);
}

export async function countEmailChangesSince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailChangeTokens)
    .where(and(eq(emailChangeTokens.userId, userId), gt(emailChangeTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** Marks a live token used and answers what it asked for; null when unknown, used or expired. */
export async function consumeEmailChangeToken(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await db
    .update(emailChangeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailChangeTokens.tokenHash, tokenHash),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
  return row ?? null;
}

/** Only the latest requested change can be confirmed: earlier links stop working. */
export async function retireEmailChangeTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(emailChangeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
}
