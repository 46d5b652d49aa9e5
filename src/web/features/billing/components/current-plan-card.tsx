import { CalendarClock, CalendarX } from 'lucide-react';
import { useState } from 'react';
import { plans } from '#core/billing/plans.ts';
import type { Subscription } from '#core/billing/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCancelSubscription } from '../api/use-cancel-subscription.ts';
import { useUpdateSubscription } from '../api/use-update-subscription.ts';
import { formatDay } from '../billing-format.ts';
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
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useCancelSubscription();
  const resume = useUpdateSubscription(subscription.id);
  const plan = plans[subscription.planType];
  const { status, endDate } = subscription;
  const cancelled = status === 'cancelled';
  const running = Boolean(endDate && new Date(endDate) > new Date());
  const scheduled = subscription.scheduledPlanType ? plans[subscription.scheduledPlanType] : null;
  const keep = useUpdateSubscription(subscription.id);

  const doKeep = () =>
    keep.mutate(
      { planType: subscription.planType },
      {
        onSuccess: () =>
          toast({
            title: 'Plan Kept',
            description: `Your ${plan.name} plan renews as it is.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      },
    );

  const doCancel = () =>
    cancel.mutate(subscription.id, {
      onSuccess: () => {
        toast({
          title: 'Subscription Cancelled',
          description: 'Your subscription has been cancelled successfully.',
        });
        setConfirmCancel(false);
      },
      onError: (error) =>
        toast({ title: 'Cancellation failed', description: error.message, variant: 'destructive' }),
    });

  const doResume = () =>
    resume.mutate(
      { status: 'active' },
      {
        onSuccess: () =>
          toast({
            title: 'Subscription Resumed',
            description: `Your ${plan.name} plan renews on ${endDate ? formatDay(endDate) : 'its renewal date'}.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: 'Resume failed', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="current-plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-muted-foreground">Current Plan</p>
          <h2 className="text-2xl font-extrabold">{plan.name}</h2>
          <p>
            <span className="text-xl font-bold tabular-nums">{formatUsd(subscription.price)}</span>
            <span className="text-muted-foreground">/month</span>
          </p>
        </div>
        <SubscriptionStatusBadge status={status} />
      </div>

      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="flex items-center gap-3 rounded-xl border-2 p-3">
          <CalendarClock className="size-5 shrink-0 text-primary" aria-hidden />
          <div>
            <dt className="text-sm text-muted-foreground">Start date</dt>
            <dd className="font-semibold">{formatDay(subscription.startDate)}</dd>
          </div>
        </div>
        <div className="flex items-center gap-3 rounded-xl border-2 p-3">
          <CalendarX className="size-5 shrink-0 text-primary" aria-hidden />
          <div>
            <dt className="text-sm text-muted-foreground">
              {cancelled ? 'Ends on' : 'Next Billing Date'}
            </dt>
            <dd className="font-semibold">{endDate ? formatDay(endDate) : 'N/A'}</dd>
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
              Changes to {scheduled.name} on {formatDay(endDate)}
            </span>
            <span className="block text-muted-foreground">
              Your {plan.name} plan stays until then; nothing is refunded.
            </span>
          </p>
          {paymentsOff ? null : (
            <Button variant="outline" size="sm" onClick={doKeep} disabled={keep.isPending}>
              {keep.isPending ? 'Saving...' : `Keep ${plan.name}`}
            </Button>
          )}
        </div>
      ) : null}
      {status === 'past_due' && !paymentsOff ? (
        <PayPastDue subscription={subscription} onUpdateCard={onUpdateCard} />
      ) : null}
      {cancelled && running && endDate ? (
        <p className="rounded-xl border-2 border-dashed p-3 text-sm">
          Cancelled: your {plan.name} plan keeps working until {formatDay(endDate)} and will not
          renew. Resume it to keep it.
        </p>
      ) : null}

      <BookingsThisMonth />
      <PlanFeatures plan={plan} />

      {paymentsOff ? <PaymentsOffNotice /> : null}
      {status === 'active' && !paymentsOff ? <ChangePlan subscription={subscription} /> : null}

      <div className="grid gap-2 sm:flex sm:justify-end">
        {status === 'active' && !paymentsOff ? (
          <Button variant="outline" onClick={() => setConfirmCancel(true)}>
            Cancel Subscription
          </Button>
        ) : null}
        {cancelled && running && !paymentsOff ? (
          <Button onClick={doResume} disabled={resume.isPending}>
            {resume.isPending ? 'Resuming...' : 'Resume Subscription'}
          </Button>
        ) : null}
      </div>

      {confirmCancel ? (
        <ConfirmActionDialog
          title="Cancel your subscription?"
          description={`Your ${plan.name} plan keeps working until ${endDate ? formatDay(endDate) : 'the end of the period you paid for'} and then stops; it will not renew. You can resume it until then.`}
          confirmLabel="Cancel Subscription"
          busyLabel="Cancelling..."
          keepLabel="Keep Plan"
          destructive
          busy={cancel.isPending}
          onConfirm={doCancel}
          onClose={() => setConfirmCancel(false)}
        />
      ) : null}
    </Card>
  );
}
