import { Check } from 'lucide-react';
import type { Plan } from '#core/billing/plans.ts';
import { useText } from '#web/lib/i18n.ts';
import { useBillingWords } from '../billing-format.ts';
import { featureKey, plansText } from '../plans-text.ts';

/** A plan's features as a check list. */
export function PlanFeatures({ plan }: { plan: Plan }) {
  const t = useText(plansText);
  const { planName } = useBillingWords();
  return (
    <ul
      className="grid gap-1.5 text-sm"
      aria-label={t('planFeatures', { plan: planName(plan.type) })}
    >
      {plan.features.map((feature) => {
        const key = featureKey(feature);
        return (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {key ? t(key) : feature}
          </li>
        );
      })}
    </ul>
  );
}
