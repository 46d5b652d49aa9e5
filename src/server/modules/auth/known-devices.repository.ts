import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';

export async function isKnownDevice(db: Executor, userId: string, tokenHash: string) {
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, tokenHash)));
  return Boolean(row);
}

export async function rememberDevice(db: Executor, userId: string, tokenHash: string) {
  await db
    .insert(knownDevices)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.tokenHash],
      set: { lastUsedAt: new Date() },
    });
}

export async function forgetUnusedDevices(db: Executor, before: Date) {
  await db.delete(knownDevices).where(lt(knownDevices.lastUsedAt, before));
}
