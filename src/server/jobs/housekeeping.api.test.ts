import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveries, idempotencyKeys } from '../db/schema/index.ts';
import { createTestApp, signUp } from '../test/test-app.ts';
import { createHousekeeping, DELIVERY_LOG_DAYS, IDEMPOTENCY_KEY_HOURS } from './housekeeping.ts';

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

  it(`forgets finished deliveries after ${DELIVERY_LOG_DAYS} days, and never a queued one`, async () => {
    const { user } = await signUp(t.app);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const row = (eventKey: string, status: 'sent' | 'queued' | 'failed', createdAt: Date) => ({
      userId: user.id,
      channel: 'email' as const,
      eventKey,
      payload: { subject: 'Truck Finder: Job started', text: 'x' },
      status,
      createdAt,
    });
    await t.app.database.db
      .insert(deliveries)
      .values([
        row('old-sent', 'sent', daysAgo(31)),
        row('old-failed', 'failed', daysAgo(40)),
        row('old-queued', 'queued', daysAgo(31)),
        row('recent-sent', 'sent', daysAgo(29)),
      ]);
    await createHousekeeping(t.app.database.db, { prune: async () => {} })();
    const left = await t.app.database.db
      .select({ eventKey: deliveries.eventKey })
      .from(deliveries)
      .where(eq(deliveries.userId, user.id));
    expect(left.map((r) => r.eventKey).sort()).toEqual(['old-queued', 'recent-sent']);
  });
});
