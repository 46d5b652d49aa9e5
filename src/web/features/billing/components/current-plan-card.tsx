import { CalendarClock, CalendarX } from 'lucide-react';
import { useState } from 'react';
import { plans } from '#core/billing/plans.ts';
import type { Subscription } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useText } from '#web/lib/i18n.ts';
import { useCancelSubscription } from '../api/use-cancel-subscription.ts';
import { useUpdateSubscription } from '../api/use-update-subscription.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
import { BookingsThisMonth } from './bookings-this-month.tsx';
import { ChangePlan } from './change-plan.tsx';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { PayPastDue } from './pay-past-due.tsx';
import { PaymentsOffNotice } from './payments-off-notice.tsx';
import { PlanFeatures } from './plan-features.tsx';
import { SubscriptionStatusBadge } from './status-badges.tsx';

/** The plan that works now: price, status, dates, what it includes, and what can be done next. */
export function CurrentPlanCard({
  subscription,
  paymentsOff,
  onUpdateCard,
}: {
  subscription: Subscription;
  /** No card calls work here: the plan is shown, nothing offered. */
  paymentsOff: boolean;
  onUpdateCard: () => void;
}) {
  const t = useText(plansText);
  const { day, f, planName } = useBillingWords();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useCancelSubscription();
  const resume = useUpdateSubscription(subscription.id);
  const plan = plans[subscription.planType];
  const { status, endDate } = subscription;
  const cancelled = status === 'cancelled';
  const running = Boolean(endDate && new Date(endDate) > new Date());
  const scheduled = subscription.scheduledPlanType ? plans[subscription.scheduledPlanType] : null;
  const keep = useUpdateSubscription(subscription.id);
  const name = planName(plan.type);

  const doKeep = () =>
    keep.mutate(
      { planType: subscription.planType },
      {
        onSuccess: () =>
          toast({
            title: t('planKept'),
            description: t('renewsAsItIs', { plan: name }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: t('updateFailed'), description: error.message, variant: 'destructive' }),
      },
    );

  const doCancel = () =>
    cancel.mutate(subscription.id, {
      onSuccess: () => {
        toast({
          title: t('subscriptionCancelled'),
          description: t('cancelledSuccessfully'),
        });
        setConfirmCancel(false);
      },
      onError: (error) =>
        toast({
          title: t('cancellationFailed'),
          description: error.message,
          variant: 'destructive',
        }),
    });

  const doResume = () =>
    resume.mutate(
      { status: 'active' },
      {
        onSuccess: () =>
          toast({
            title: t('subscriptionResumed'),
            description: endDate
              ? t('renewsOn', { plan: name, date: day(endDate) })
              : t('renewsOnItsDate', { plan: name }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: t('resumeFailed'), description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="current-plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-muted-foreground">{t('currentPlan')}</p>
          <h2 className="text-2xl font-extrabold">{name}</h2>
          <p>
            <span className="text-xl font-bold tabular-nums">{f.money(subscription.price)}</span>
            <span className="text-muted-foreground">{t('perMonth')}</span>
          </p>
        </div>
        <SubscriptionStatusBadge status={status} />
      </div>

      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="flex items-center gap-3 rounded-xl border-2 p-3">
          <CalendarClock className="size-5 shrink-0 text-primary" aria-hidden />
          <div>
            <dt className="text-sm text-muted-foreground">{t('startDate')}</dt>
            <dd className="font-semibold">{day(subscription.startDate)}</dd>
          </div>
        </div>
        <div className="flex items-center gap-3 rounded-xl border-2 p-3">
          <CalendarX className="size-5 shrink-0 text-primary" aria-hidden />
          <div>
            <dt className="text-sm text-muted-foreground">
              {cancelled ? t('endsOn') : t('nextBillingDate')}
            </dt>
            <dd className="font-semibold">{endDate ? day(endDate) : t('notAvailable')}</dd>
          </div>
        </div>
      </dl>

      {scheduled && endDate ? (
        <div
          className="grid gap-2 rounded-xl border-2 border-dashed p-3 text-sm sm:flex sm:items-center sm:justify-between"
          data-testid="scheduled-change"
        >
          <p>
            <span className="font-bold">
              {t('changesTo', { plan: planName(scheduled.type), date: day(endDate) })}
            </span>
            <span className="block text-muted-foreground">
              {t('staysUntilThen', { plan: name })}
            </span>
          </p>
          {paymentsOff ? null : (
            <Button variant="outline" size="sm" onClick={doKeep} disabled={keep.isPending}>
              {keep.isPending ? t('saving') : t('keep', { plan: name })}
            </Button>
          )}
        </div>
      ) : null}
      {status === 'past_due' && !paymentsOff ? (
        <PayPastDue subscription={subscription} onUpdateCard={onUpdateCard} />
      ) : null}
      {cancelled && running && endDate ? (
        <p className="rounded-xl border-2 border-dashed p-3 text-sm">
          {t('cancelledKeepsWorking', { plan: name, date: day(endDate) })}
        </p>
      ) : null}

      <BookingsThisMonth />
      <PlanFeatures plan={plan} />

      {paymentsOff ? <PaymentsOffNotice /> : null}
      {status === 'active' && !paymentsOff ? <ChangePlan subscription={subscription} /> : null}

      <div className="grid gap-2 sm:flex sm:justify-end">
        {status === 'active' && !paymentsOff ? (
          <Button variant="outline" onClick={() => setConfirmCancel(true)}>
            {t('cancelSubscription')}
          </Button>
        ) : null}
        {cancelled && running && !paymentsOff ? (
          <Button onClick={doResume} disabled={resume.isPending}>
            {resume.isPending ? t('resuming') : t('resumeSubscription')}
          </Button>
        ) : null}
      </div>

      {confirmCancel ? (
        <ConfirmActionDialog
          title={t('cancelTitle')}
          description={
            endDate
              ? t('cancelDescription', { plan: name, date: day(endDate) })
              : t('cancelDescriptionNoDate', { plan: name })
          }
          confirmLabel={t('cancelSubscription')}
          busyLabel={t('cancelling')}
          keepLabel={t('keepPlan')}
          destructive
          busy={cancel.isPending}
          onConfirm={doCancel}
          onClose={() => setConfirmCancel(false)}
        />
      ) : null}
    </Card>
  );
}
