import type { GatewayMode } from '#core/billing/schemas.ts';
import { useState } from 'react';
import type { PlanType } from '#core/billing/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { type CheckoutStatus } from './checkout-flow.ts';
import { NEEDS_TEST_GATEWAY, TEST_CARDS } from '../shared/billing/test-cards.ts';
import { ChoiceChips } from '../shared/choice-chips.tsx';
import { PlanField, TestCardField } from '../shared/billing/plan-and-card-fields.tsx';

export interface CheckoutChoice {
  outcome: CheckoutStatus;
  planType: PlanType;
  card: string;
}

const cards = TEST_CARDS.filter((card) => card.expect !== 'authentication');

const customerChoices = [
  ['success', 'Pays (status=success)'],
  ['cancelled', 'Cancels at payment (status=cancelled)'],
] as const;

/** What to check out and how it should end, and the button that starts it. */
export function CheckoutForm({
  gateway,
  running,
  onStart,
}: {
  gateway: GatewayMode | undefined;
  running: boolean;
  onStart: (choice: CheckoutChoice) => void;
}) {
  const [outcome, setOutcome] = useState<CheckoutStatus>('success');
  const [planType, setPlanType] = useState<PlanType>('premium');
  const [card, setCard] = useState(cards[0]!.number);
  const blocked = outcome === 'success' && gateway === 'stripe';

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <h2 className="text-xl font-bold">Checkout</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanField value={planType} onValueChange={setPlanType} />
        <TestCardField
          cards={cards}
          value={card}
          onValueChange={setCard}
          disabled={outcome === 'cancelled'}
        />
      </div>
      <ChoiceChips
        legend="The customer"
        value={outcome}
        choices={customerChoices}
        onValueChange={setOutcome}
      />
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
