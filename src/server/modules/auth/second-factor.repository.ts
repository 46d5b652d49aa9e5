import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, totpSecrets } from '../../db/schema/index.ts';

export interface StoredTotp {
  secret: string;
  enabled: boolean;
}

export async function findTotp(db: Executor, userId: string): Promise<StoredTotp | null> {
  const [row] = await db
    .select({ secret: totpSecrets.secret, enabledAt: totpSecrets.enabledAt })
    .from(totpSecrets)
    .where(eq(totpSecrets.userId, userId));
  return row ? { secret: row.secret, enabled: row.enabledAt !== null } : null;
}

export async function hasTotp(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.enabledAt)));
  return Boolean(row);
}

/** A new secret waiting for its first code; it replaces an earlier one that never got one. */
export async function savePendingTotp(db: Executor, userId: string, secret: string) {
  await db
    .insert(totpSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, createdAt: new Date(), lastUsedStep: null },
      setWhere: isNull(totpSecrets.enabledAt),
    });
}

/**
 * Spends a time step for the account: true only the first time a step at least as late is used,
 * so a code seen once (a shoulder, a proxy log) never signs in again.
 */
export async function spendStep(
  db: Executor,
  userId: string,
  step: number,
  enabled: boolean,
): Promise<boolean> {
  const spent = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpSecrets.userId, userId),
        enabled ? isNotNull(totpSecrets.enabledAt) : isNull(totpSecrets.enabledAt),
        or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpSecrets.userId });
  return spent.length === 1;
}

export async function enableTotp(db: Executor, userId: string, codeHashes: string[]) {
  await db.update(totpSecrets).set({ enabledAt: new Date() }).where(eq(totpSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function removeTotp(db: Executor, userId: string) {
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Marks an unused recovery code used; false if it is unknown or spent. */
export async function spendRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
