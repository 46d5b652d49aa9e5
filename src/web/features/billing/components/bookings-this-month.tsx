import { useText } from '#web/lib/i18n.ts';
import { useAllowance } from '../api/use-allowance.ts';
import { plansText } from '../plans-text.ts';

/** "Bookings this month: 3 of 5 left" on Basic or no plan, "Unlimited bookings" above. */
export function BookingsThisMonth() {
  const t = useText(plansText);
  const allowance = useAllowance();
  if (!allowance.data) return null;
  const { limit, remaining } = allowance.data;
  return (
    <p className="rounded-xl bg-muted p-3 text-sm font-semibold" data-testid="plan-allowance">
      {limit === null || remaining === null
        ? t('unlimitedBookings')
        : t('bookingsThisMonth', { remaining, limit })}
    </p>
  );
}
