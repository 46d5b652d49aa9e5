import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { addMonth, planList, plans, prorationCents, type Plan } from '#core/billing/plans.ts';
import type { Subscription } from '#core/billing/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { useUpdateSubscription } from '../api/use-update-subscription.ts';
import { formatDay, planPrice } from '../billing-format.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';

/** What changing plans costs or returns now, prorated by the days left in the period (cents). */
function prorationNow(subscription: Subscription, to: Plan): number | null {
  if (!subscription.endDate) return null;
  const end = new Date(subscription.endDate);
  const start = new Date(
    Math.max(new Date(subscription.startDate).getTime(), addMonth(end, -1).getTime()),
  );
  return prorationCents(subscription.planType, to.type, start, end, new Date());
}

const changeDay = (subscription: Subscription) =>
  subscription.endDate ? formatDay(subscription.endDate) : 'the end of the period you paid for';

function explain(subscription: Subscription, to: Plan) {
  const from = plans[subscription.planType];
  const monthly = formatUsd(Math.abs(to.priceCents - from.priceCents) / 100);
  if (to.priceCents < from.priceCents)
    return `${monthly}/month less from ${changeDay(subscription)}: your ${from.name} plan stays until then and nothing is refunded, then ${planPrice(to)}/month.`;
  const cents = prorationNow(subscription, to);
  const until = subscription.endDate ? ` until ${formatDay(subscription.endDate)}` : '';
  const now = cents === null ? '' : formatUsd(Math.abs(cents) / 100);
  return `${monthly}/month more, prorated for the days left${until}: about ${now} charged now to your default card, then ${planPrice(to)}/month.`;
}

/**
 * Upgrade an active plan now (the difference prorated, in the history) or downgrade it from the
 * end of the paid period (nothing refunded).
 */
export function ChangePlan({ subscription }: { subscription: Subscription }) {
  const [target, setTarget] = useState<Plan | null>(null);
  const update = useUpdateSubscription(subscription.id);
  const current = plans[subscription.planType];
  const others = planList.filter((p) => p.type !== subscription.planType);

  const change = (to: Plan) =>
    update.mutate(
      { planType: to.type },
      {
        onSuccess: () => {
          toast(
            to.priceCents < current.priceCents
              ? {
                  title: 'Plan Change Scheduled',
                  description: `Changes to ${to.name} on ${changeDay(subscription)}.`,
                  variant: 'success',
                }
              : {
                  title: 'Plan Changed',
                  description: `You are now on the ${to.name} plan.`,
                  variant: 'success',
                },
          );
          setTarget(null);
        },
        onError: (error) =>
          toast({
            title:
              error instanceof ApiError && error.status === 402
                ? 'Payment Failed'
                : to.priceCents > current.priceCents
                  ? 'Upgrade failed'
                  : 'Downgrade failed',
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className="grid gap-3" aria-labelledby="change-plan-heading">
      <h3 id="change-plan-heading" className="font-bold">
        Change plan
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {others.map((plan) => {
          const up = plan.priceCents > current.priceCents;
          const waiting = subscription.scheduledPlanType === plan.type;
          return (
            <li key={plan.type} className="grid gap-2 rounded-xl border-2 p-3">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-bold">{plan.name}</span>
                <span className="text-sm font-semibold tabular-nums">{planPrice(plan)}/month</span>
              </div>
              <p className="text-sm text-muted-foreground">{explain(subscription, plan)}</p>
              <Button
                variant={up ? 'default' : 'outline'}
                size="sm"
                disabled={update.isPending || waiting}
                onClick={() => setTarget(plan)}
              >
                {up ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
                {waiting
                  ? `${plan.name} from ${changeDay(subscription)}`
                  : `${up ? 'Upgrade' : 'Downgrade'} to ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {target ? (
        <ConfirmActionDialog
          title={`Switch to ${target.name}?`}
          description={explain(subscription, target)}
          confirmLabel={`Switch to ${target.name}`}
          busyLabel="Switching..."
          keepLabel={`Keep ${current.name}`}
          busy={update.isPending}
          onConfirm={() => change(target)}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </section>
  );
}
