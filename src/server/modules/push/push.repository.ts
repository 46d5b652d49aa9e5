import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PushSubscription } from '../../../core/push.ts';
import type { Executor } from '../../db/client.ts';
import { pushKeys, pushSubscriptions } from '../../db/schema/index.ts';

/** A device to push to, with the keys that encrypt for it. */
export interface PushTarget {
  id: string;
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface NewSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

const toSubscription = (row: { id: string; endpoint: string; createdAt: Date }) => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});

/** The stored key pair, storing `made` first if there is none: every server reads the same row. */
export async function keepVapidKeys(
  db: Executor,
  made: { publicKey: string; privateKey: string },
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, 1));
  if (!row) throw new Error('push_keys lost its row');
  return row;
}

/**
 * Stores the device for this user and session; a device has one owner, so an endpoint another
 * user registered moves to this one. Answers whether it is new to this user.
 */
export async function saveSubscription(
  db: Executor,
  values: NewSubscription,
): Promise<{ subscription: PushSubscription; created: boolean }> {
  const [before] = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, values.endpoint))
    .for('update');
  const sameOwner = before?.userId === values.userId;
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        sessionId: values.sessionId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        lastUsedAt: sql`now()`,
        ...(sameOwner ? {} : { createdAt: sql`now()` }),
      },
    })
    .returning({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    });
  return { subscription: toSubscription(row!), created: !sameOwner };
}

/** Keeps the user's `keep` most recently used devices and deletes the rest. */
export async function trimSubscriptions(db: Executor, userId: string, keep: number) {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.createdAt))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Deletes the user's own device with this endpoint; answers whether there was one. */
export async function deleteOwnSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function listTargets(db: Executor, userId: string): Promise<PushTarget[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt));
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
  }));
}

/** The push service said the device is gone (404/410). */
export async function deleteSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markUsed(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(inArray(pushSubscriptions.id, ids));
}

/** Sign-out: the devices subscribed in this session stop receiving. */
export async function deleteSessionSubscriptions(db: Executor, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** Account deletion (docs/decisions/040-nothing-private-left-behind.md). */
export async function deleteSubscriptionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Which of these users have at least one device: one query for any number of them. */
export async function usersWithDevices(db: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}
