import { featureGateMessage, hasFeature } from '../../../core/billing/plan-features.ts';
import type { PlanType } from '../../../core/billing/plans.ts';
import { AppError } from '../../../core/errors.ts';
import { isTeamRole, type TeamRole } from '../../../core/users/roles.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { findBusinessOf } from './team-access.repository.ts';

/** Which plan a business's owner is on (billing's rule, injected to keep the modules apart). */
export type PlanOf = (exec: Executor, ownerId: string) => Promise<PlanType | null>;

/** Who a provider-side user is for their business. */
export interface BusinessSide {
  providerId: string;
  ownerId: string;
  userId: string;
  role: 'owner' | TeamRole;
  /** The owner's plan now: what the business may use (core/billing/plan-features.ts). */
  plan: PlanType | null;
}

/**
 * The one answer to "for which business does this user act, and as what" (docs/product.md,
 * "Teams"). A member acts only while the business's plan includes teams: after a downgrade
 * their account stays, but every call for the business answers 403 naming the plan.
 */
export function createBusinessAccess(planOf: PlanOf) {
  async function sideOf(exec: Executor, user: PublicUser): Promise<BusinessSide | null> {
    if (user.role !== 'mechanic' && !isTeamRole(user.role)) return null;
    const row = await findBusinessOf(exec, user.id);
    if (!row) return null;
    const plan = await planOf(exec, row.ownerId);
    if (row.role !== 'owner' && !hasFeature(plan, 'team'))
      throw new AppError('forbidden', featureGateMessage('team'));
    return { ...row, userId: user.id, plan };
  }

  return {
    sideOf,
    /** The plan a business's owner is on now. */
    planOf,
    /** The caller's business, or 404 when they have none. */
    async requireSide(exec: Executor, user: PublicUser): Promise<BusinessSide> {
      const side = await sideOf(exec, user);
      if (!side) throw new AppError('not_found', 'You have no business yet');
      return side;
    },
  };
}

export type BusinessAccess = ReturnType<typeof createBusinessAccess>;

/** A feature outside the business's plan answers 403 naming the plan that has it. */
export function requireFeature(
  side: Pick<BusinessSide, 'plan'>,
  feature: Parameters<typeof hasFeature>[1],
) {
  if (!hasFeature(side.plan, feature)) throw new AppError('forbidden', featureGateMessage(feature));
}
