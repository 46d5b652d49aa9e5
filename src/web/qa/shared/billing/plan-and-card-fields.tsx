import { planList, type PlanType } from '#core/billing/plans.ts';
import { formatUsd } from '#core/money.ts';
import { TEST_CARDS } from './test-cards.ts';
import { SelectField } from '../select-field.tsx';

const planOptions = planList.map(
  (plan) => [plan.type, `${plan.name} — ${formatUsd(plan.priceCents / 100)}/month`] as const,
);

/** The plan to pay for, with its monthly price. */
export function PlanField({
  value,
  onValueChange,
}: {
  value: PlanType;
  onValueChange: (plan: PlanType) => void;
}) {
  return (
    <SelectField label="Plan" value={value} options={planOptions} onValueChange={onValueChange} />
  );
}

/** One of Stripe's test card numbers, each with what it does. */
export function TestCardField({
  cards = TEST_CARDS,
  value,
  onValueChange,
  disabled,
}: {
  cards?: readonly { number: string; label: string }[];
  value: string;
  onValueChange: (card: string) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label="Test card"
      value={value}
      options={cards.map((card) => [card.number, `${card.number} — ${card.label}`] as const)}
      onValueChange={onValueChange}
      disabled={disabled}
    />
  );
}
