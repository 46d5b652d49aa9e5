import { useState } from 'react';
import type { SubscriptionCheckout } from '#core/billing/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { useText } from '#web/lib/i18n.ts';
import { useCurrentSubscription } from '../api/use-current-subscription.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
import { BookingsThisMonth } from './bookings-this-month.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { BillingSkeleton, LoadError } from './load-states.tsx';
import { PaymentsOffNotice } from './payments-off-notice.tsx';
import { PlanGrid } from './plan-grid.tsx';
import { SubscribeCheckout } from './subscribe-checkout.tsx';
import { useStripeReturn } from './use-stripe-return.ts';

/** The current plan, or 'Choose Your Plan' and then the payment form . */
export function SubscriptionTab({
  user,
  onUpdateCard,
}: {
  user: PublicUser;
  onUpdateCard: () => void;
}) {
  const t = useText(plansText);
  const { day, planName } = useBillingWords();
  const current = useCurrentSubscription(user.id);
  const mode = usePaymentsMode();
  const [checkout, setCheckout] = useState<SubscriptionCheckout | null>(null);
  useStripeReturn(user.id);

  if (checkout)
    return (
      <SubscribeCheckout
        user={user}
        checkout={checkout}
        onBack={() => setCheckout(null)}
        onDone={() => setCheckout(null)}
      />
    );
  if (current.isPending)
    return <BillingSkeleton label={t('loadingSubscription')} heights={[48, 24, 24]} />;
  if (current.isError)
    return (
      <LoadError
        message={t('couldNotLoadSubscription', { message: current.error.message })}
        onRetry={() => void current.refetch()}
      />
    );

  const subscription = current.data;
  const off = mode.data?.payments === 'off';
  // The plan grid shows when there is no subscription or it is not active.
  const inForce = subscription?.status === 'active' || subscription?.status === 'past_due';
  return (
    <div className="grid gap-6">
      {subscription ? (
        <CurrentPlanCard
          subscription={subscription}
          paymentsOff={off}
          onUpdateCard={onUpdateCard}
        />
      ) : (
        <BookingsThisMonth />
      )}
      {inForce ? null : off ? (
        <PaymentsOffNotice>
          <p className="text-muted-foreground">{t('plansOff')}</p>
        </PaymentsOffNotice>
      ) : (
        <PlanGrid
          user={user}
          onCheckout={setCheckout}
          note={
            subscription?.endDate
              ? t('planEndsNote', {
                  plan: planName(subscription.planType),
                  date: day(subscription.endDate),
                })
              : undefined
          }
        />
      )}
    </div>
  );
}
