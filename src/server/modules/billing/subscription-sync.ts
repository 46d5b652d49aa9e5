import { plans } from '../../../core/billing/plans.ts';
import type { SubscriptionStatus } from '../../../core/billing/schemas.ts';
import type { Executor } from '../../db/client.ts';
import * as repo from './billing.repository.ts';
import type { GatewaySubscription } from './gateway/gateway.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSubscription>>>;

const terminal: SubscriptionStatus[] = ['expired', 'failed', 'completed'];

/** Our status for the gateway's (docs/billing.md); cancelled keeps working until its end. */
export function localStatus(
  gateway: GatewaySubscription,
  current: SubscriptionStatus,
  now: Date,
): SubscriptionStatus {
  switch (gateway.status) {
    case 'incomplete':
      return 'pending';
    case 'incomplete_expired':
      return 'failed';
    case 'active':
    case 'trialing':
      return gateway.cancelAtPeriodEnd ? 'cancelled' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'paused':
      if (current === 'pending') return 'failed';
      return gateway.currentPeriodEnd > now && current !== 'cancelled' ? 'cancelled' : 'expired';
  }
}

/**
 * Brings our row in line with the gateway's subscription. Used by the calls that change it and by
 * the webhooks that report it, in any order: a late report never reopens a finished subscription
 * or sends a paid one back to pending.
 */
export async function syncSubscription(
  exec: Executor,
  row: Row,
  gateway: GatewaySubscription,
  now = new Date(),
): Promise<Row> {
  let status = localStatus(gateway, row.status, now);
  if (terminal.includes(row.status)) status = row.status;
  if (status === 'pending' && row.status !== 'pending') status = row.status;
  const ended = status === 'expired' || status === 'failed';
  let scheduled =
    gateway.scheduledPlanType === undefined ? row.scheduledPlanType : gateway.scheduledPlanType;
  if (scheduled === gateway.planType || status !== 'active') scheduled = null;
  return repo.updateSubscription(exec, row.id, {
    status,
    planType: gateway.planType,
    scheduledPlanType: scheduled,
    price: plans[gateway.planType].priceCents / 100,
    endDate: ended && row.endDate && row.endDate < now ? row.endDate : gateway.currentPeriodEnd,
    cancelledAt:
      status === 'cancelled'
        ? (row.cancelledAt ?? now)
        : status === 'active'
          ? null
          : row.cancelledAt,
  });
}
