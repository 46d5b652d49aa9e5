import { and, count, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminDeliveriesQuery, AdminDelivery } from '../../../core/deliveries.ts';
import type { DeliveryChannel, DeliveryContent } from '../../../core/delivery-channels.ts';
import type { Executor } from '../../db/client.ts';
import { deliveries, users } from '../../db/schema/index.ts';

/** The dispatcher listens here; the queue notifies it in the transaction that queues. */
export const DELIVERIES_CHANNEL = 'truck_finder_deliveries';

/** One message for one user on one channel. */
export type NewDelivery = {
  [C in DeliveryChannel]: {
    userId: string;
    channel: C;
    /** What happened, e.g. the notification's id: the same event is queued once per user and channel. */
    eventKey: string;
    payload: DeliveryContent[C];
    /** Held until then (the end of the user's quiet hours); now when unset. */
    notBefore?: Date | undefined;
  };
}[DeliveryChannel];

export type ClaimedDelivery = {
  [C in DeliveryChannel]: {
    id: string;
    userId: string;
    channel: C;
    payload: DeliveryContent[C];
    attempts: number;
  };
}[DeliveryChannel];

/**
 * Queues deliveries in the caller's transaction and wakes the dispatcher when it commits; a
 * rolled-back change queues nothing and wakes nobody.
 */
export async function queueDeliveries(db: Executor, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const queued = await db
    .insert(deliveries)
    .values(
      rows.map(({ notBefore, ...row }) => ({
        ...row,
        ...(notBefore ? { nextAttemptAt: notBefore } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: deliveries.id });
  if (queued.length > 0) await db.execute(sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`);
}

/**
 * Claims up to `limit` due rows: `FOR UPDATE SKIP LOCKED` so servers claiming at once take
 * different rows, and the claim moves `next_attempt_at` past the lease, so no one claims them again
 * while they are being sent (a server that dies frees them when the lease ends).
 */
export async function claimDue(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'queued'), lte(deliveries.nextAttemptAt, sql`now()`)))
    .orderBy(deliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(deliveries)
    .set({ nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(inArray(deliveries.id, due))
    .returning({
      id: deliveries.id,
      userId: deliveries.userId,
      channel: deliveries.channel,
      payload: deliveries.payload,
      attempts: deliveries.attempts,
    }) as Promise<ClaimedDelivery[]>;
}

/** Messages sent to the user on the channel in the last hour (the per-user limit). */
export async function countSentLastHour(
  db: Executor,
  userId: string,
  channel: DeliveryChannel,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.userId, userId),
        eq(deliveries.channel, channel),
        gte(deliveries.sentAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}

export async function markSent(db: Executor, id: string, attempts: number): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null })
    .where(eq(deliveries.id, id));
}

export async function markEnded(
  db: Executor,
  id: string,
  status: 'dropped' | 'failed',
  attempts: number,
  reason: string,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ status, attempts, lastError: reason })
    .where(eq(deliveries.id, id));
}

export async function markRetry(
  db: Executor,
  id: string,
  attempts: number,
  delayMs: number,
  error: string,
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      attempts,
      lastError: error,
      nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
    })
    .where(eq(deliveries.id, id));
}

/** The delivery log, newest first: who, how and what happened, never the message. */
export async function listDeliveries(
  db: Executor,
  query: AdminDeliveriesQuery,
): Promise<{ deliveries: AdminDelivery[]; total: number }> {
  const filters: SQL[] = [];
  if (query.channel) filters.push(eq(deliveries.channel, query.channel));
  if (query.status) filters.push(eq(deliveries.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: deliveries.id,
        userId: deliveries.userId,
        email: users.email,
        channel: deliveries.channel,
        status: deliveries.status,
        attempts: deliveries.attempts,
        lastError: deliveries.lastError,
        createdAt: deliveries.createdAt,
        sentAt: deliveries.sentAt,
      })
      .from(deliveries)
      .innerJoin(users, eq(users.id, deliveries.userId))
      .where(where)
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(deliveries).where(where),
  ]);
  return {
    deliveries: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
  };
}

/** Forgets finished deliveries made before `before` (what they said goes with them); answers how many. */
export async function deleteFinishedBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(deliveries)
    .where(and(ne(deliveries.status, 'queued'), lt(deliveries.createdAt, before)))
    .returning({ id: deliveries.id });
  return rows.length;
}

/** Forgets every delivery to the user, sent or waiting (an account deleted: what they said goes). */
export async function deleteDeliveriesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(deliveries).where(eq(deliveries.userId, userId));
}
