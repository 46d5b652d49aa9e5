import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { addMonth, planList, plans, prorationCents, type Plan } from '#core/billing/plans.ts';
import type { Subscription } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { useText } from '#web/lib/i18n.ts';
import { useUpdateSubscription } from '../api/use-update-subscription.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
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

/**
 * Upgrade an active plan now (the difference prorated, in the history) or downgrade it from the
 * end of the paid period (nothing refunded).
 */
export function ChangePlan({ subscription }: { subscription: Subscription }) {
  const t = useText(plansText);
  const { day, f, planName, planPrice } = useBillingWords();
  const [target, setTarget] = useState<Plan | null>(null);
  const update = useUpdateSubscription(subscription.id);
  const current = plans[subscription.planType];
  const others = planList.filter((p) => p.type !== subscription.planType);
  const date = subscription.endDate ? day(subscription.endDate) : null;

  const explain = (to: Plan) => {
    const monthly = f.cents(Math.abs(to.priceCents - current.priceCents));
    const price = planPrice(to);
    if (to.priceCents < current.priceCents) {
      const from = planName(current.type);
      return date
        ? t('downgradeExplain', { monthly, date, from, price })
        : t('downgradeExplainNoDate', { monthly, from, price });
    }
    const cents = prorationNow(subscription, to);
    const now = cents === null ? '' : f.cents(Math.abs(cents));
    return date
      ? t('upgradeExplain', { monthly, date, now, price })
      : t('upgradeExplainNoDate', { monthly, now, price });
  };

  const change = (to: Plan) =>
    update.mutate(
      { planType: to.type },
      {
        onSuccess: () => {
          const plan = planName(to.type);
          toast(
            to.priceCents < current.priceCents
              ? {
                  title: t('planChangeScheduled'),
                  description: date
                    ? t('changesToOn', { plan, date })
                    : t('changesToAtEnd', { plan }),
                  variant: 'success',
                }
              : {
                  title: t('planChanged'),
                  description: t('nowOnPlan', { plan }),
                  variant: 'success',
                },
          );
          setTarget(null);
        },
        onError: (error) =>
          toast({
            title:
              error instanceof ApiError && error.status === 402
                ? t('paymentFailed')
                : to.priceCents > current.priceCents
                  ? t('upgradeFailed')
                  : t('downgradeFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className="grid gap-3" aria-labelledby="change-plan-heading">
      <h3 id="change-plan-heading" className="font-bold">
        {t('changePlan')}
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {others.map((plan) => {
          const up = plan.priceCents > current.priceCents;
          const waiting = subscription.scheduledPlanType === plan.type;
          const name = planName(plan.type);
          return (
            <li key={plan.type} className="grid gap-2 rounded-xl border-2 p-3">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-bold">{name}</span>
                <span className="text-sm font-semibold tabular-nums">
                  {planPrice(plan)}
                  {t('perMonth')}
                </span>
              </div>
              <p className="text-sm text-muted-foreground">{explain(plan)}</p>
              <Button
                variant={up ? 'default' : 'outline'}
                size="sm"
                disabled={update.isPending || waiting}
                onClick={() => setTarget(plan)}
              >
                {up ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
                {waiting
                  ? date
                    ? t('fromDate', { plan: name, date })
                    : t('fromEnd', { plan: name })
                  : t(up ? 'upgradeTo' : 'downgradeTo', { plan: name })}
              </Button>
            </li>
          );
        })}
      </ul>
      {target ? (
        <ConfirmActionDialog
          title={t('switchTitle', { plan: planName(target.type) })}
          description={explain(target)}
          confirmLabel={t('switchTo', { plan: planName(target.type) })}
          busyLabel={t('switching')}
          keepLabel={t('keep', { plan: planName(current.type) })}
          busy={update.isPending}
          onConfirm={() => change(target)}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </section>
  );
}
