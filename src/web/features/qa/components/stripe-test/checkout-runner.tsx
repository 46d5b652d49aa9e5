import { useId, useState } from 'react';
import { planList, type PlanType } from '../../../../../core/billing/plans.ts';
import { formatUsd } from '../../../../../core/money.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { type CheckoutStatus } from '../../billing-tests/checkout-flow.ts';
import { NEEDS_TEST_GATEWAY, TEST_CARDS } from '../../billing-tests/test-cards.ts';

export interface CheckoutChoice {
  outcome: CheckoutStatus;
  planType: PlanType;
  card: string;
}

const cards = TEST_CARDS.filter((card) => card.expect !== 'authentication');

/** What to check out and how it should end, and the button that starts it. */
export function CheckoutForm({
  gateway,
  running,
  onStart,
}: {
  gateway: 'test' | 'stripe' | undefined;
  running: boolean;
  onStart: (choice: CheckoutChoice) => void;
}) {
  const ids = useId();
  const [outcome, setOutcome] = useState<CheckoutStatus>('success');
  const [planType, setPlanType] = useState<PlanType>('premium');
  const [card, setCard] = useState(cards[0]!.number);
  const blocked = outcome === 'success' && gateway === 'stripe';

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <h2 className="text-xl font-bold">Checkout</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-plan`}>Plan</Label>
          <NativeSelect
            id={`${ids}-plan`}
            value={planType}
            onChange={(event) => setPlanType(event.target.value as PlanType)}
          >
            {planList.map((plan) => (
              <option key={plan.type} value={plan.type}>
                {plan.name} — {formatUsd(plan.priceCents / 100)}/month
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-card`}>Test card</Label>
          <NativeSelect
            id={`${ids}-card`}
            value={card}
            onChange={(event) => setCard(event.target.value)}
            disabled={outcome === 'cancelled'}
          >
            {cards.map((choice) => (
              <option key={choice.number} value={choice.number}>
                {choice.number} — {choice.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">The customer</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['success', 'Pays (status=success)'],
              ['cancelled', 'Cancels at payment (status=cancelled)'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name={`${ids}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {blocked && (
        <p role="alert" className="text-sm font-semibold text-destructive">
          {NEEDS_TEST_GATEWAY}.
        </p>
      )}
      <Button
        className="sm:justify-self-start"
        onClick={() => onStart({ outcome, planType, card })}
        disabled={running || blocked}
      >
        {running ? 'Checkout running…' : 'Start Checkout'}
      </Button>
    </Card>
  );
}
