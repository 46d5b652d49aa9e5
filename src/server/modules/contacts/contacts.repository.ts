import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactVerifications } from '../../db/schema/index.ts';

export type ContactKind = 'email' | 'phone';

/** Stores a confirmation in flight; it replaces the user's earlier one of that kind. */
export async function replaceVerification(
  db: Executor,
  row: { userId: string; kind: ContactKind; target: string; secretHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(contactVerifications)
    .values(row)
    .onConflictDoUpdate({
      target: [contactVerifications.userId, contactVerifications.kind],
      set: {
        target: row.target,
        secretHash: row.secretHash,
        expiresAt: row.expiresAt,
        attempts: 0,
        createdAt: sql`now()`,
      },
    });
}

/**
 * Spends an email link: the row goes whatever it held. Answers whose address it confirms, or
 * null when unknown, used or expired.
 */
export async function takeEmailVerification(
  db: Executor,
  secretHash: string,
): Promise<{ userId: string; target: string } | null> {
  const [row] = await db
    .delete(contactVerifications)
    .where(
      and(eq(contactVerifications.kind, 'email'), eq(contactVerifications.secretHash, secretHash)),
    )
    .returning({
      userId: contactVerifications.userId,
      target: contactVerifications.target,
      live: sql<boolean>`${contactVerifications.expiresAt} > now()`,
    });
  return row?.live ? { userId: row.userId, target: row.target } : null;
}

/** The user's phone code in flight, locked until the transaction ends (tries are counted). */
export async function lockPhoneVerification(
  db: Executor,
  userId: string,
): Promise<{
  target: string;
  secretHash: string;
  attempts: number;
  expired: boolean;
} | null> {
  const [row] = await db
    .select({
      target: contactVerifications.target,
      secretHash: contactVerifications.secretHash,
      attempts: contactVerifications.attempts,
      expired: sql<boolean>`${contactVerifications.expiresAt} <= now()`,
    })
    .from(contactVerifications)
    .where(and(eq(contactVerifications.userId, userId), eq(contactVerifications.kind, 'phone')))
    .for('update');
  return row ?? null;
}

/** Counts a wrong code; answers the tries made so far. */
export async function countWrongCode(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .update(contactVerifications)
    .set({ attempts: sql`${contactVerifications.attempts} + 1` })
    .where(and(eq(contactVerifications.userId, userId), eq(contactVerifications.kind, 'phone')))
    .returning({ attempts: contactVerifications.attempts });
  return row?.attempts ?? 0;
}

export async function deleteVerification(
  db: Executor,
  userId: string,
  kind: ContactKind,
): Promise<void> {
  await db
    .delete(contactVerifications)
    .where(and(eq(contactVerifications.userId, userId), eq(contactVerifications.kind, kind)));
}

/** Forgets the confirmations in flight of an account being deleted (they hold its addresses). */
export async function forgetContactConfirmations(db: Executor, userId: string): Promise<void> {
  await db.delete(contactVerifications).where(eq(contactVerifications.userId, userId));
}
