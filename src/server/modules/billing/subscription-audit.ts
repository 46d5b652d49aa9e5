import type { Subscription } from '../../../core/billing/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { changedFields, isAdminActFor, recordAdminAct } from '../admin/index.ts';
import * as repo from './billing.repository.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const FIELDS = ['planType', 'status', 'endDate'];

/**
 * An admin's change of someone's plan (a plan change, a cancellation, a resume) leaves an audit
 * row. The change itself runs through the gateway, outside any one transaction of ours, so the
 * row is written once the change is done (docs/decisions/036).
 */
export function auditAdminPlanChanges(
  db: Database,
  service: SubscriptionsService,
): SubscriptionsService {
  const traced =
    <A extends unknown[]>(
      act: (user: PublicUser, id: string, ...rest: A) => Promise<Subscription>,
    ) =>
    async (user: PublicUser, id: string, ...rest: A) => {
      const found = user.role === 'admin' ? await repo.findSubscription(db, id) : null;
      const after = await act(user, id, ...rest);
      if (found && isAdminActFor(user, found.userId)) {
        const before = repo.toSubscription(found);
        const fields = changedFields(before, after, FIELDS);
        if (fields.length > 0)
          await recordAdminAct(db, {
            actor: user,
            action: 'subscription.update',
            targetType: 'subscription',
            targetId: id,
            before: Object.fromEntries(fields.map((f) => [f, before[f as keyof Subscription]])),
            after: Object.fromEntries(fields.map((f) => [f, after[f as keyof Subscription]])),
          });
      }
      return after;
    };
  return { ...service, update: traced(service.update), cancel: traced(service.cancel) };
}
