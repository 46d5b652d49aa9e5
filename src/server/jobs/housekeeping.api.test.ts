import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys } from '../db/schema/index.ts';
import { createTestApp, signUp } from '../test/test-app.ts';
import { createHousekeeping, IDEMPOTENCY_KEY_HOURS } from './housekeeping.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('hourly housekeeping', () => {
  it(`forgets idempotency keys after ${IDEMPOTENCY_KEY_HOURS} hours and prunes sessions`, async () => {
    const { user } = await signUp(t.app);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await t.app.database.db.insert(idempotencyKeys).values([
      { userId: user.id, key: 'old-key-1', requestHash: 'h1', createdAt: hoursAgo(25) },
      { userId: user.id, key: 'fresh-key', requestHash: 'h2', createdAt: hoursAgo(23) },
    ]);
    const prune = vi.fn(async () => {});
    await createHousekeeping(t.app.database.db, { prune })();
    expect(prune).toHaveBeenCalledOnce();
    const left = await t.app.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual(['fresh-key']);
  });
});
