import { ArrowLeft, Lock } from 'lucide-react';
import { useLocation } from 'wouter';
import { plans } from '#core/billing/plans.ts';
import type { SubscriptionCheckout } from '#core/billing/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useRefreshBilling } from '../api/billing-keys.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { waitForActivePlan } from '../api/wait-for-active-plan.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
import { PlanFeatures } from './plan-features.tsx';
import { CardConfirmation } from './card-confirmation.tsx';

/** The payment form after choosing a plan (choose, confirm, return to the subscription tab). */
export function SubscribeCheckout({
  user,
  checkout,
  onBack,
  onDone,
}: {
  user: PublicUser;
  checkout: SubscriptionCheckout;
  onBack: () => void;
  onDone: () => void;
}) {
  const t = useText(plansText);
  const f = useFormat();
  const { planName } = useBillingWords();
  const [, navigate] = useLocation();
  const mode = usePaymentsMode();
  const refresh = useRefreshBilling();
  const plan = plans[checkout.planType];
  const amount = f.money(checkout.amount);
  const name = planName(plan.type);

  const succeeded = async () => {
    // The test gateway has delivered its webhook already; Stripe's arrives on its own.
    if (mode.data?.payments === 'stripe') await waitForActivePlan(user.id);
    await refresh();
    toast({
      title: t('paymentSuccessful'),
      description: t('nowSubscribed'),
      variant: 'success',
    });
    onDone();
    navigate('/profile?tab=subscription');
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-extrabold">{t('subscribeTo', { plan: name })}</h2>
          <p className="text-sm text-muted-foreground">{t('billedToday', { amount })}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden />
          {t('plans')}
        </Button>
      </div>
      <details className="rounded-xl bg-muted p-3 text-sm">
        <summary className="cursor-pointer font-semibold">{t('includes', { plan: name })}</summary>
        <div className="pt-3">
          <PlanFeatures plan={plan} />
        </div>
      </details>
      <dl className="flex items-center justify-between rounded-xl border-2 p-3">
        <dt className="font-semibold">{t('dueToday')}</dt>
        <dd className="text-xl font-extrabold tabular-nums">{amount}</dd>
      </dl>
      <CardConfirmation
        clientSecret={checkout.clientSecret}
        intent="payment"
        submitLabel={t('payAndSubscribe', { amount })}
        onSucceeded={succeeded}
        onFailed={(message) =>
          toast({ title: t('paymentFailed'), description: message, variant: 'destructive' })
        }
      />
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden />
        {t('neverStores')}
      </p>
    </Card>
  );
}
