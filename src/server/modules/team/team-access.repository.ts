import { eq } from 'drizzle-orm';
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
