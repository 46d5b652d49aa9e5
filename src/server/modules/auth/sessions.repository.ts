import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { sessions, totpSecrets, users } from '../../db/schema/index.ts';
import { toPublicUser } from '../users/index.ts';

export interface NewSession {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  mfaPending?: boolean;
  verifiedAt?: Date | null;
}

export interface LiveSession {
  sessionId: string;
  createdAt: Date;
  lastSeenAt: Date;
  verifiedAt: Date | null;
  /** The account has TOTP turned on. */
  secondFactor: boolean;
  user: PublicUser;
}

export async function insertSession(db: Executor, session: NewSession): Promise<string> {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  return row!.id;
}

/**
 * The live session for a token hash: not past its absolute expiry, used within the idle window,
 * and not waiting for its second factor.
 */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  idleSince: Date,
): Promise<LiveSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users, totpEnabledAt: totpSecrets.enabledAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(totpSecrets, eq(totpSecrets.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.mfaPending, false),
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
        verifiedAt: row.session.verifiedAt,
        secondFactor: row.totpEnabledAt !== null,
        user: toPublicUser(row.user),
      }
    : null;
}

/** A sign-in waiting for its second factor: not expired, its account not suspended. */
export async function findPendingSession(
  db: Executor,
  tokenHash: string,
): Promise<{ sessionId: string; user: PublicUser } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.mfaPending, true),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  return row ? { sessionId: row.sessionId, user: toPublicUser(row.user) } : null;
}

/** The owner proved it is them again (step-up). */
export async function markVerified(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ verifiedAt: at }).where(eq(sessions.id, sessionId));
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends a session; answers whether it was still there (a challenge is used up once). */
export async function deleteSession(db: Executor, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id });
  return gone.length > 0;
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
