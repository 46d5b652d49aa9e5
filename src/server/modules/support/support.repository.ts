import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accountManagers,
  bookings,
  serviceProviders,
  supportReplies,
  supportRequests,
  users,
} from '../../db/schema/index.ts';

/** Support requests, their replies and the account managers (docs/product.md, "Support"). */

export type RequestRow = {
  id: string;
  providerId: string;
  userId: string;
  subject: string;
  message: string;
  bookingId: string | null;
  priority: number;
  managerId: string | null;
  status: string;
  createdAt: Date;
  answeredAt: Date | null;
  senderName: string;
  senderEmail: string;
  businessName: string;
};

export type ReplyRow = {
  id: string;
  requestId: string;
  message: string;
  adminName: string | null;
  createdAt: Date;
};

const requestColumns = {
  id: supportRequests.id,
  providerId: supportRequests.providerId,
  userId: supportRequests.userId,
  subject: supportRequests.subject,
  message: supportRequests.message,
  bookingId: supportRequests.bookingId,
  priority: supportRequests.priority,
  managerId: supportRequests.managerId,
  status: supportRequests.status,
  createdAt: supportRequests.createdAt,
  answeredAt: supportRequests.answeredAt,
  senderName: users.name,
  senderEmail: users.email,
  businessName: serviceProviders.businessName,
};

function requestsQuery(exec: Executor) {
  return exec
    .select(requestColumns)
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, supportRequests.providerId));
}

export async function bookingOfProvider(exec: Executor, bookingId: string, providerId: string) {
  const [row] = await exec
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.providerId, providerId)));
  return row ?? null;
}

export async function managerOf(exec: Executor, providerId: string) {
  const [row] = await exec
    .select({
      adminId: accountManagers.adminId,
      name: users.name,
      email: users.email,
      phone: users.phone,
    })
    .from(accountManagers)
    .innerJoin(users, eq(users.id, accountManagers.adminId))
    .where(eq(accountManagers.providerId, providerId));
  return row ?? null;
}

export async function insertRequest(exec: Executor, row: typeof supportRequests.$inferInsert) {
  const [stored] = await exec
    .insert(supportRequests)
    .values(row)
    .returning({ id: supportRequests.id });
  return stored!;
}

export async function findRequest(exec: Executor, id: string): Promise<RequestRow | null> {
  const [row] = await requestsQuery(exec).where(eq(supportRequests.id, id));
  return row ?? null;
}

/** A business's requests, newest first (one sender's when `userId` is given). */
export async function listForBusiness(
  exec: Executor,
  providerId: string,
  userId: string | null,
): Promise<RequestRow[]> {
  return requestsQuery(exec)
    .where(
      and(
        eq(supportRequests.providerId, providerId),
        userId ? eq(supportRequests.userId, userId) : undefined,
      ),
    )
    .orderBy(desc(supportRequests.createdAt))
    .limit(100);
}

/**
 * The operators' queue: the calling admin's managed businesses first, then by the plan when sent
 * (priority), then oldest first.
 */
export async function listQueue(
  exec: Executor,
  adminId: string,
  status: 'open' | 'answered' | 'all',
): Promise<RequestRow[]> {
  return requestsQuery(exec)
    .where(status === 'all' ? undefined : eq(supportRequests.status, status))
    .orderBy(
      sql`case when ${supportRequests.managerId} = ${adminId} then 0 else 1 end`,
      asc(supportRequests.priority),
      asc(supportRequests.createdAt),
    )
    .limit(200);
}

export async function repliesOf(exec: Executor, requestIds: string[]): Promise<ReplyRow[]> {
  if (requestIds.length === 0) return [];
  return exec
    .select({
      id: supportReplies.id,
      requestId: supportReplies.requestId,
      message: supportReplies.message,
      adminName: users.name,
      createdAt: supportReplies.createdAt,
    })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.adminId))
    .where(inArray(supportReplies.requestId, requestIds))
    .orderBy(asc(supportReplies.createdAt));
}

export async function insertReply(
  exec: Executor,
  row: { requestId: string; adminId: string; message: string },
) {
  const [stored] = await exec.insert(supportReplies).values(row).returning();
  await exec
    .update(supportRequests)
    .set({ status: 'answered', answeredAt: sql`now()` })
    .where(eq(supportRequests.id, row.requestId));
  return stored!;
}

export async function findAdmin(exec: Executor, id: string) {
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin'), isNull(users.suspendedAt)));
  return row ?? null;
}

export async function setManager(exec: Executor, providerId: string, adminId: string | null) {
  const before = await managerOf(exec, providerId);
  if (adminId === null) {
    await exec.delete(accountManagers).where(eq(accountManagers.providerId, providerId));
  } else {
    await exec
      .insert(accountManagers)
      .values({ providerId, adminId })
      .onConflictDoUpdate({ target: accountManagers.providerId, set: { adminId } });
  }
  return before?.adminId ?? null;
}

export async function providerOwner(exec: Executor, providerId: string) {
  const [row] = await exec
    .select({ id: serviceProviders.id, ownerId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  return row ?? null;
}
