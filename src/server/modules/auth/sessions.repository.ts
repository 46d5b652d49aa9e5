import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { loginFailures, sessions, users } from '../../db/schema/index.ts';
import { toPublicUser } from '../users/users.repository.ts';

export interface NewSession {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Executor, session: NewSession): Promise<string> {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  return row!.id;
}

/** The live session for a token hash: not past its absolute expiry and used within the idle window. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  idleSince: Date,
): Promise<{ sessionId: string; createdAt: Date; lastSeenAt: Date; user: PublicUser } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  return row
    ? {
        sessionId: row.session.id,
        createdAt: row.session.createdAt,
        lastSeenAt: row.session.lastSeenAt,
        user: toPublicUser(row.user),
      }
    : null;
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every session of the user but one (the device that asked). */
export async function deleteOtherUserSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function deleteStaleSessions(db: Executor, idleSince: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince)));
}

export async function countRecentFailures(db: Executor, email: string, ip: string, since: Date) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.createdAt, since),
        or(eq(loginFailures.email, email), eq(loginFailures.ip, ip)),
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
}

export async function clearFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function deleteOldFailures(db: Executor, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}
