import { and, eq } from 'drizzle-orm';
import type { TeamRole } from '../../../core/users/roles.ts';
import type { Executor } from '../../db/client.ts';
import { serviceProviders, teamMembers, users } from '../../db/schema/index.ts';

export interface BusinessRow {
  providerId: string;
  ownerId: string;
  role: 'owner' | TeamRole;
}

/** The business a user owns or is a member of, and as what (one business per person). */
export async function findBusinessOf(db: Executor, userId: string): Promise<BusinessRow | null> {
  const [owned] = await db
    .select({ providerId: serviceProviders.id, ownerId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  if (owned) return { ...owned, role: 'owner' };
  const [member] = await db
    .select({
      providerId: teamMembers.providerId,
      ownerId: serviceProviders.userId,
      role: users.role,
    })
    .from(teamMembers)
    .innerJoin(serviceProviders, eq(serviceProviders.id, teamMembers.providerId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  if (!member || (member.role !== 'dispatcher' && member.role !== 'technician')) return null;
  return { providerId: member.providerId, ownerId: member.ownerId, role: member.role };
}

/** The dispatchers of a business: they follow and hear about every booking of it. */
export async function dispatcherIds(db: Executor, providerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.providerId, providerId), eq(users.role, 'dispatcher')));
  return rows.map((r) => r.id);
}

/** Whether the user is a technician member of the business (who may be assigned its jobs). */
export async function isTechnicianOf(
  db: Executor,
  providerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.providerId, providerId),
        eq(teamMembers.userId, userId),
        eq(users.role, 'technician'),
      ),
    );
  return Boolean(row);
}

/** A technician's newest shared position, which the fleet map shows. */
export async function recordMemberPosition(
  db: Executor,
  userId: string,
  position: { latitude: number; longitude: number },
) {
  await db
    .update(teamMembers)
    .set({
      lastLatitude: position.latitude,
      lastLongitude: position.longitude,
      lastPositionAt: new Date(),
    })
    .where(eq(teamMembers.userId, userId));
}
