import { Star } from 'lucide-react';
import { planList, type PlanType } from '#core/billing/plans.ts';
import type { SubscriptionCheckout } from '#core/billing/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { useCreateSubscription } from '../api/use-create-subscription.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
import { PlanFeatures } from './plan-features.tsx';

/** 'Choose Your Plan': the three plans; choosing one starts its checkout. */
export function PlanGrid({
  user,
  note,
  onCheckout,
}: {
  user: PublicUser;
  note?: string;
  onCheckout: (checkout: SubscriptionCheckout) => void;
}) {
  const t = useText(plansText);
  const { planPrice, planName } = useBillingWords();
  const create = useCreateSubscription();
  const choose = (planType: PlanType) =>
    create.mutate(
      { planType, userId: user.id, email: user.email, name: user.name },
      {
        onSuccess: onCheckout,
        onError: (error) =>
          toast({
            title: t('subscriptionError'),
            description: error.message || t('failedToCreate'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className="grid gap-4" aria-labelledby="choose-plan-heading">
      <div className="grid gap-1">
        <h2 id="choose-plan-heading" className="text-xl font-extrabold">
          {t('choosePlan')}
        </h2>
        <p className="text-sm text-muted-foreground">{note ?? t('choosePlanNote')}</p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-3">
        {planList.map((plan) => {
          const choosing = create.isPending && create.variables?.planType === plan.type;
          const name = planName(plan.type);
          return (
            <li key={plan.type}>
              <Card
                className={cn(
                  'relative flex h-full flex-col gap-4 p-5',
                  plan.popular && 'border-2 border-primary shadow-md',
                )}
                data-testid={`plan-${plan.type}`}
              >
                {plan.popular ? (
                  <Badge className="absolute -top-3 left-5">
                    <Star className="size-3.5 fill-current" aria-hidden />
                    {t('mostPopular')}
                  </Badge>
                ) : null}
                <div className="grid gap-1">
                  <h3 className="text-lg font-bold">{name}</h3>
                  <p>
                    <span className="text-3xl font-extrabold tabular-nums">{planPrice(plan)}</span>
                    <span className="text-muted-foreground">{t('perMonth')}</span>
                  </p>
                </div>
                <PlanFeatures plan={plan} />
                <Button
                  className="mt-auto"
                  variant={plan.popular ? 'default' : 'outline'}
                  disabled={create.isPending}
                  onClick={() => choose(plan.type)}
                  aria-label={t('choosePlanLabel', { plan: name, price: planPrice(plan) })}
                >
                  {choosing ? t('starting') : t('choose', { plan: name })}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
