import { Check, Star } from 'lucide-react';
import { planList } from '#core/billing/plans.ts';
import { formatUsd } from '#core/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';

/** The three plans as the server charges them (core's plan table). */
export function PlansTab() {
  return (
    <section className="grid gap-4" aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="text-xl font-bold">
        Plans
      </h2>
      <ul className="grid gap-4 lg:grid-cols-3">
        {planList.map((plan) => (
          <li key={plan.type}>
            <Card
              className={cn(
                'relative grid h-full content-start gap-3 p-5',
                plan.popular && 'border-2 border-primary',
              )}
              data-testid={`plan-${plan.type}`}
            >
              {plan.popular && (
                <Badge className="absolute -top-3 left-5">
                  <Star className="size-3.5 fill-current" aria-hidden />
                  Most Popular
                </Badge>
              )}
              <h3 className="text-lg font-bold">{plan.name}</h3>
              <p>
                <span className="text-3xl font-extrabold tabular-nums">
                  {formatUsd(plan.priceCents / 100)}
                </span>
                <span className="text-muted-foreground">/month</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {plan.monthlyBookingLimit === null
                  ? 'Unlimited accepted bookings'
                  : `${plan.monthlyBookingLimit} accepted bookings per month`}
              </p>
              <ul className="grid gap-1.5 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
