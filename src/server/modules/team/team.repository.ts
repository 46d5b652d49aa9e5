import { and, asc, count, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { TeamRole } from '../../../core/users/roles.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  serviceProviders,
  sessions,
  teamInvites,
  teamMembers,
  users,
} from '../../db/schema/index.ts';

export type NewTeamInvite = typeof teamInvites.$inferInsert;

export async function businessNameOf(db: Executor, providerId: string): Promise<string> {
  const [row] = await db
    .select({ name: serviceProviders.businessName })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  return row?.name ?? '';
}

/** An invitation still usable: not accepted, not revoked, not expired. */
const pending = (now: Date) =>
  and(
    isNull(teamInvites.acceptedAt),
    isNull(teamInvites.revokedAt),
    gt(teamInvites.expiresAt, now),
  );

export async function listPendingInvites(db: Executor, providerId: string, now = new Date()) {
  return db
    .select({
      id: teamInvites.id,
      email: teamInvites.email,
      role: teamInvites.role,
      expiresAt: teamInvites.expiresAt,
      createdAt: teamInvites.createdAt,
    })
    .from(teamInvites)
    .where(and(eq(teamInvites.providerId, providerId), pending(now)))
    .orderBy(asc(teamInvites.createdAt));
}

export async function countPendingInvites(db: Executor, providerId: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(teamInvites)
    .where(and(eq(teamInvites.providerId, providerId), pending(now)));
  return row?.n ?? 0;
}

/** Whether an account or a pending invitation (of any business) already has this email. */
export async function emailTaken(db: Executor, email: string, now = new Date()) {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    // Emails are stored lower-cased (core/validation.ts), so the unique index answers.
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (account) return 'account' as const;
  const [invite] = await db
    .select({ id: teamInvites.id })
    .from(teamInvites)
    .where(and(eq(sql`lower(${teamInvites.email})`, email.toLowerCase()), pending(now)))
    .limit(1);
  return invite ? ('invite' as const) : null;
}

export async function insertInvite(db: Executor, invite: NewTeamInvite) {
  const [row] = await db
    .insert(teamInvites)
    .values(invite)
    .returning({ id: teamInvites.id, expiresAt: teamInvites.expiresAt });
  return row!;
}

/** Revokes a pending invitation of the business; answers whether there was one. */
export async function revokeInvite(db: Executor, providerId: string, id: string, now = new Date()) {
  const rows = await db
    .update(teamInvites)
    .set({ revokedAt: now })
    .where(and(eq(teamInvites.id, id), eq(teamInvites.providerId, providerId), pending(now)))
    .returning({ id: teamInvites.id });
  return rows.length > 0;
}

/** A usable invitation by its token's hash; `lock` holds the row until the transaction ends. */
export async function findPendingInvite(
  db: Executor,
  tokenHash: string,
  { lock = false, now = new Date() } = {},
) {
  const query = db
    .select({
      id: teamInvites.id,
      providerId: teamInvites.providerId,
      email: teamInvites.email,
      role: teamInvites.role,
      invitedBy: teamInvites.invitedBy,
      expiresAt: teamInvites.expiresAt,
      businessName: serviceProviders.businessName,
      ownerId: serviceProviders.userId,
    })
    .from(teamInvites)
    .innerJoin(serviceProviders, eq(serviceProviders.id, teamInvites.providerId))
    .where(and(eq(teamInvites.tokenHash, tokenHash), pending(now)));
  const [row] = lock ? await query.for('update', { of: teamInvites }) : await query;
  return row ? { ...row, role: row.role as TeamRole } : null;
}

/** Marks the invitation used; the link reached the address, so the account's email is confirmed. */
export async function markInviteAccepted(db: Executor, id: string, userId: string) {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  await db
    .update(teamInvites)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(eq(teamInvites.id, id));
}

export async function insertMember(
  db: Executor,
  member: { userId: string; providerId: string; invitedBy: string | null },
) {
  await db.insert(teamMembers).values(member);
}

export async function listMembers(db: Executor, providerId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.providerId, providerId))
    .orderBy(asc(teamMembers.createdAt), asc(users.id));
}

/** A member of this business (null for anyone else's, or no member at all). */
export async function findMember(db: Executor, providerId: string, userId: string) {
  const [row] = await db
    .select({ userId: teamMembers.userId, role: users.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.providerId, providerId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/**
 * Removes a member: their open jobs go back to the owner, their sessions end, and the account
 * stays (the jobs it did keep their history) but is suspended, so sign-in answers why
 * (docs/decisions/052-teams.md).
 */
export async function removeMember(
  db: Executor,
  providerId: string,
  userId: string,
  reason: string,
) {
  await db
    .update(users)
    .set({ suspendedAt: new Date(), suspendedReason: reason })
    .where(eq(users.id, userId));
  await db
    .update(bookings)
    .set({ technicianId: null, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.providerId, providerId),
        eq(bookings.technicianId, userId),
        notInArray(bookings.status, ['completed', 'cancelled']),
      ),
    );
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(teamMembers).where(eq(teamMembers.userId, userId));
}
