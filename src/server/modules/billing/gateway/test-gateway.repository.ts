import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import {
  testGatewayCustomers as customers,
  testGatewayEvents as events,
  testGatewayIntents as intents,
  testGatewayPaymentMethods as methods,
  testGatewaySubscriptions as subscriptions,
} from '../../../db/schema/index.ts';

export type TestCustomer = typeof customers.$inferSelect;
export type TestPaymentMethod = typeof methods.$inferSelect;
export type TestSubscription = typeof subscriptions.$inferSelect;
export type TestIntent = typeof intents.$inferSelect;
export type TestEvent = typeof events.$inferSelect;

export async function insertCustomer(db: Executor, row: typeof customers.$inferInsert) {
  await db.insert(customers).values(row);
}

/** The customer and the cards saved to it. */
export async function deleteCustomer(db: Database, id: string) {
  await db.transaction(async (tx) => {
    await tx.delete(methods).where(eq(methods.customerId, id));
    await tx.delete(customers).where(eq(customers.id, id));
  });
}

export async function findCustomer(db: Executor, id: string): Promise<TestCustomer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

export async function setCustomerDefault(db: Executor, id: string, paymentMethodId: string | null) {
  await db
    .update(customers)
    .set({ defaultPaymentMethodId: paymentMethodId })
    .where(eq(customers.id, id));
}

export async function insertPaymentMethod(db: Executor, row: typeof methods.$inferInsert) {
  await db.insert(methods).values(row);
}

export async function findPaymentMethod(
  db: Executor,
  id: string,
): Promise<TestPaymentMethod | null> {
  const [row] = await db.select().from(methods).where(eq(methods.id, id)).limit(1);
  return row ?? null;
}

export async function attachPaymentMethod(db: Executor, id: string, customerId: string | null) {
  await db.update(methods).set({ customerId }).where(eq(methods.id, id));
}

export async function listPaymentMethods(db: Executor, customerId: string) {
  return db
    .select()
    .from(methods)
    .where(eq(methods.customerId, customerId))
    .orderBy(asc(methods.createdAt));
}

export async function insertSubscription(db: Executor, row: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(row);
}

export async function findSubscription(
  db: Executor,
  id: string,
  lock = false,
): Promise<TestSubscription | null> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findSubscriptionByLocalId(db: Executor, localId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.localId, localId))
    .limit(1);
  return row ?? null;
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
): Promise<TestSubscription> {
  const [row] = await db
    .update(subscriptions)
    .set(changes)
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

export async function setSubscriptionsDefault(
  db: Executor,
  customerId: string,
  paymentMethodId: string,
) {
  await db
    .update(subscriptions)
    .set({ defaultPaymentMethodId: paymentMethodId })
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        inArray(subscriptions.status, ['active', 'past_due', 'incomplete']),
      ),
    );
}

/**
 * Subscriptions whose clock has run out, locked for this transaction (another runner skips them):
 * periods ended, retries due, unpaid first invoices older than a day.
 */
export async function claimDueSubscriptions(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      or(
        and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
        and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextAttemptAt, now)),
        and(
          eq(subscriptions.status, 'incomplete'),
          lte(subscriptions.createdAt, new Date(now.getTime() - 23 * 3_600_000)),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertIntent(
  db: Executor,
  row: typeof intents.$inferInsert,
): Promise<TestIntent> {
  const [inserted] = await db.insert(intents).values(row).returning();
  return inserted!;
}

export async function findIntentByIdempotencyKey(
  db: Executor,
  key: string,
): Promise<TestIntent | null> {
  const [row] = await db.select().from(intents).where(eq(intents.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export async function findIntentBySecret(
  db: Executor,
  clientSecret: string,
): Promise<TestIntent | null> {
  const [row] = await db
    .select()
    .from(intents)
    .where(eq(intents.clientSecret, clientSecret))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findOpenIntent(db: Executor, subscriptionId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(intents)
    .where(and(eq(intents.subscriptionId, subscriptionId), eq(intents.invoiceId, invoiceId)))
    .limit(1);
  return row ?? null;
}

export async function updateIntent(
  db: Executor,
  id: string,
  changes: Partial<typeof intents.$inferInsert>,
): Promise<TestIntent> {
  const [row] = await db.update(intents).set(changes).where(eq(intents.id, id)).returning();
  return row!;
}

export async function insertEvents(db: Executor, rows: (typeof events.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(events).values(rows);
}

/** Claims undelivered events for a while (no transaction is held while they are posted). */
export async function claimEvents(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<TestEvent[]> {
  const claimable = db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNull(events.deliveredAt),
        or(isNull(events.claimedUntil), lte(events.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(events.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(events)
    .set({
      claimedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${events.attempts} + 1`,
    })
    .where(inArray(events.id, claimable))
    .returning();
  return rows.sort((a, b) => a.seq - b.seq);
}

export async function markEventDelivered(db: Executor, id: string) {
  await db
    .update(events)
    .set({ deliveredAt: new Date(), claimedUntil: null })
    .where(eq(events.id, id));
}

export async function releaseEvent(db: Executor, id: string) {
  await db.update(events).set({ claimedUntil: null }).where(eq(events.id, id));
}
