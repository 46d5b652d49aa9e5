import { Star } from 'lucide-react';
import { planList, type PlanType } from '#core/billing/plans.ts';
import type { SubscriptionCheckout } from '#core/billing/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateSubscription } from '../api/use-create-subscription.ts';
import { planPrice } from '../billing-format.ts';
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
  const create = useCreateSubscription();
  const choose = (planType: PlanType) =>
    create.mutate(
      { planType, userId: user.id, email: user.email, name: user.name },
      {
        onSuccess: onCheckout,
        onError: (error) =>
          toast({
            title: 'Subscription Error',
            description: error.message || 'Failed to create subscription',
            variant: 'destructive',
          }),
      },
    );

  return (
    <section className="grid gap-4" aria-labelledby="choose-plan-heading">
      <div className="grid gap-1">
        <h2 id="choose-plan-heading" className="text-xl font-extrabold">
          Choose Your Plan
        </h2>
        <p className="text-sm text-muted-foreground">
          {note ??
            'Billed monthly by card. Cancel any time; your plan runs to the end of the month paid.'}
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-3">
        {planList.map((plan) => {
          const choosing = create.isPending && create.variables?.planType === plan.type;
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
                    Most Popular
                  </Badge>
                ) : null}
                <div className="grid gap-1">
                  <h3 className="text-lg font-bold">{plan.name}</h3>
                  <p>
                    <span className="text-3xl font-extrabold tabular-nums">{planPrice(plan)}</span>
                    <span className="text-muted-foreground">/month</span>
                  </p>
                </div>
                <PlanFeatures plan={plan} />
                <Button
                  className="mt-auto"
                  variant={plan.popular ? 'default' : 'outline'}
                  disabled={create.isPending}
                  onClick={() => choose(plan.type)}
                  aria-label={`Choose ${plan.name}, ${planPrice(plan)} per month`}
                >
                  {choosing ? 'Starting...' : `Choose ${plan.name}`}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
