import { useAllowance } from '../api/use-allowance.ts';

/** "Bookings this month: 3 of 5 left" on Basic or no plan, "Unlimited bookings" above. */
export function BookingsThisMonth() {
  const allowance = useAllowance();
  if (!allowance.data) return null;
  const { limit, remaining } = allowance.data;
  return (
    <p className="rounded-xl bg-muted p-3 text-sm font-semibold" data-testid="plan-allowance">
      {limit === null || remaining === null
        ? 'Unlimited bookings'
        : `Bookings this month: ${remaining} of ${limit} left`}
    </p>
  );
}
