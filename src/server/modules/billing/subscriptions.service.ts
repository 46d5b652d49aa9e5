import { AppError } from '../../../core/errors.ts';
import {
  bookingsLeft,
  isDowngrade,
  monthlyLimit,
  monthStart,
  plans,
  type PlanType,
} from '../../../core/billing/plans.ts';
import type {
  BookingAllowance,
  CreateSubscriptionInput,
  Subscription,
  SubscriptionCheckout,
  UpdateSubscriptionInput,
} from '../../../core/billing/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import * as repo from './billing.repository.ts';
import { keyedLock, type CustomerFinder } from './customers.ts';
import { GatewayError, type PaymentGateway } from './gateway/gateway.ts';
import { assertPaymentsOn } from './payments-mode.ts';
import { syncSubscription } from './subscription-sync.ts';

const NOT_FOUND = 'Subscription not found';

/** Gateway refusals become answers the page can show; anything else stays a server error. */
export function fromGateway(error: unknown): never {
  if (error instanceof GatewayError)
    throw new AppError(
      error.status === 'payment_failed' ? 'payment_required' : error.status,
      error.message,
    );
  throw error;
}

export function createSubscriptionsService(
  db: Database,
  gateway: PaymentGateway,
  customers: CustomerFinder,
) {
  const oneAtATime = keyedLock();

  async function owned(user: PublicUser, id: string) {
    const row = await repo.findSubscription(db, id);
    if (!row || (row.userId !== user.id && user.role !== 'admin'))
      throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  async function checkout(
    row: NonNullable<Awaited<ReturnType<typeof repo.findSubscription>>>,
    clientSecret: string,
  ): Promise<SubscriptionCheckout> {
    return {
      subscriptionId: row.id,
      clientSecret,
      planType: row.planType,
      amount: plans[row.planType].priceCents / 100,
      status: row.status,
      testMode: gateway.mode === 'test',
    };
  }

  async function start(user: PublicUser, planType: PlanType): Promise<SubscriptionCheckout> {
    const open = await repo.findPendingSubscription(db, user.id);
    const current = await repo.findCurrentSubscription(db, user.id);
    if (current && current.status !== 'cancelled')
      throw new AppError(
        'conflict',
        'You already have a plan: change it under Billing → Subscription',
      );
    if (open?.stripeSubscriptionId) {
      // The page was left mid-payment: the same plan continues where it stopped.
      const secret =
        open.planType === planType
          ? await gateway.pendingClientSecret(open.stripeSubscriptionId)
          : null;
      if (secret) return checkout(open, secret);
      await gateway.cancelNow(open.stripeSubscriptionId).catch(fromGateway);
      await repo.updateSubscription(db, open.id, { status: 'failed' });
    } else if (open) {
      throw new AppError('conflict', 'A subscription is being set up; try again in a moment');
    }
    const customerId = await customers.ensure(user);
    let row;
    try {
      row = await repo.insertSubscription(db, {
        userId: user.id,
        planType,
        status: 'pending',
        price: plans[planType].priceCents / 100,
        stripeCustomerId: customerId,
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('conflict', 'A subscription is being set up; try again in a moment');
      throw error;
    }
    try {
      const created = await gateway.createSubscription({
        customerId,
        planType,
        localId: row.id,
        idempotencyKey: `subscription-${row.id}`,
      });
      row = await repo.updateSubscription(db, row.id, {
        stripeSubscriptionId: created.id,
        startDate: created.currentPeriodStart,
        endDate: created.currentPeriodEnd,
      });
      return checkout(row, created.clientSecret);
    } catch (error) {
      await repo.updateSubscription(db, row.id, { status: 'failed' });
      return fromGateway(error);
    }
  }

  async function changePlan(
    row: NonNullable<Awaited<ReturnType<typeof repo.findSubscription>>>,
    planType: PlanType,
  ) {
    if (row.status !== 'active' || !row.endDate || row.endDate <= new Date())
      throw new AppError('conflict', 'Only an active plan can be changed');
    const gatewayId = row.stripeSubscriptionId;
    if (!gatewayId) return row;
    let changed;
    if (row.planType === planType) {
      // Choosing the current plan again drops a downgrade that was waiting.
      if (!row.scheduledPlanType) return row;
      changed = await gateway.scheduleChange(gatewayId, null).catch(fromGateway);
    } else if (isDowngrade(row.planType, planType)) {
      // The paid period runs out on the plan paid for; nothing is refunded.
      changed = await gateway.scheduleChange(gatewayId, planType).catch(fromGateway);
    } else {
      changed = await gateway.changePlan(gatewayId, planType).catch(fromGateway);
    }
    return syncSubscription(db, (await repo.findSubscription(db, row.id))!, changed);
  }

  async function setCancelled(
    row: NonNullable<Awaited<ReturnType<typeof repo.findSubscription>>>,
    cancel: boolean,
  ) {
    const gatewayId = row.stripeSubscriptionId;
    if (cancel) {
      if (row.status === 'cancelled') return row;
      if (
        !gatewayId ||
        (row.status !== 'active' && row.status !== 'past_due' && row.status !== 'pending')
      )
        throw new AppError(
          'conflict',
          `A ${row.status.replace('_', ' ')} subscription cannot be cancelled`,
        );
      if (row.status !== 'active') {
        // Nothing paid is left to run out: it ends now.
        await gateway.cancelNow(gatewayId).catch(fromGateway);
        return repo.updateSubscription(db, row.id, {
          status: row.status === 'pending' ? 'failed' : 'cancelled',
          endDate: new Date(),
          cancelledAt: new Date(),
        });
      }
    } else if (
      row.status !== 'cancelled' ||
      !gatewayId ||
      !row.endDate ||
      row.endDate <= new Date()
    ) {
      throw new AppError('conflict', 'Only a cancelled plan that has not ended yet can be resumed');
    }
    const updated = await gateway.setCancelAtPeriodEnd(gatewayId!, cancel).catch(fromGateway);
    return syncSubscription(db, (await repo.findSubscription(db, row.id))!, updated);
  }

  return {
    async current(userId: string): Promise<Subscription | null> {
      const row = await repo.findCurrentSubscription(db, userId);
      return row ? repo.toSubscription(row) : null;
    },

    async list(userId: string): Promise<Subscription[]> {
      return (await repo.listSubscriptions(db, userId)).map(repo.toSubscription);
    },

    /** Creates the subscription unpaid; the page confirms its first payment with the client secret. */
    async create(user: PublicUser, input: CreateSubscriptionInput): Promise<SubscriptionCheckout> {
      if (input.userId && input.userId !== user.id)
        throw new AppError('forbidden', 'You can only subscribe for yourself');
      assertPaymentsOn(gateway);
      return oneAtATime(user.id, () => start(user, input.planType));
    },

    async update(
      user: PublicUser,
      id: string,
      input: UpdateSubscriptionInput,
    ): Promise<Subscription> {
      const row = await owned(user, id);
      assertPaymentsOn(gateway);
      return oneAtATime(row.userId, async () => {
        let next = (await repo.findSubscription(db, id))!;
        if (input.planType) next = await changePlan(next, input.planType);
        if (input.status) next = await setCancelled(next, input.status === 'cancelled');
        return repo.toSubscription(next);
      });
    },

    /** Ends every plan of the user at once, without a refund: the account is being deleted. */
    async endAllNow(userId: string): Promise<void> {
      await oneAtATime(userId, async () => {
        const now = new Date();
        for (const row of await repo.listSubscriptions(db, userId)) {
          const running =
            row.status === 'active' ||
            row.status === 'past_due' ||
            row.status === 'pending' ||
            (row.status === 'cancelled' && !!row.endDate && row.endDate > now);
          if (!running) continue;
          if (row.stripeSubscriptionId)
            await gateway.cancelNow(row.stripeSubscriptionId).catch(fromGateway);
          await repo.updateSubscription(db, row.id, {
            status: row.status === 'pending' ? 'failed' : 'cancelled',
            endDate: now,
            cancelledAt: row.cancelledAt ?? now,
          });
        }
      });
    },

    async cancel(user: PublicUser, id: string): Promise<Subscription> {
      const row = await owned(user, id);
      assertPaymentsOn(gateway);
      return oneAtATime(row.userId, async () =>
        repo.toSubscription(await setCancelled((await repo.findSubscription(db, id))!, true)),
      );
    },

    async allowance(user: PublicUser, now = new Date()): Promise<BookingAllowance> {
      const plan = await repo.currentPlanType(db, user.id);
      const used = await repo.countAcceptedThisMonth(db, user.id, monthStart(now));
      return {
        planType: plan,
        limit: monthlyLimit(plan),
        used,
        remaining: bookingsLeft(plan, used),
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
