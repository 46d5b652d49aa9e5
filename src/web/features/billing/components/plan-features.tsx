import { Check } from 'lucide-react';
import type { Plan } from '#core/billing/plans.ts';

/** A plan's features as a check list. */
export function PlanFeatures({ plan }: { plan: Plan }) {
  return (
    <ul className="grid gap-1.5 text-sm" aria-label={`${plan.name} features`}>
      {plan.features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}
