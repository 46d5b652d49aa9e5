import { CheckCircle2, CircleHelp, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import { plans } from '#core/billing/plans.ts';
import { formatUsd } from '#core/money.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { CheckoutRun, CheckoutStatus } from './checkout-flow.ts';

/** The return address's page: success with the plan read from the API, or cancelled. */
export function CheckoutResult({
  sessionId,
  status,
  run,
  running,
}: {
  sessionId: string;
  status: CheckoutStatus;
  /** The run of this page load that returned here, if it was one. */
  run: CheckoutRun | undefined;
  running: boolean;
}) {
  const ours = run?.session?.id === sessionId;
  const plan = ours ? run?.plan : undefined;
  const verified = plan?.id === sessionId && plan.status === 'active';
  return (
    <Card
      className="grid min-w-0 gap-3 p-4 sm:p-5"
      aria-live="polite"
      data-testid="checkout-result"
      data-status={status}
    >
      {status === 'cancelled' ? (
        <>
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <XCircle className="size-6 text-destructive" aria-hidden />
            Payment cancelled
          </h2>
          <p>User cancelled the payment process</p>
        </>
      ) : (
        <h2 className="flex items-center gap-2 text-xl font-bold">
          {verified ? (
            <CheckCircle2 className="size-6 text-success" aria-hidden />
          ) : (
            <CircleHelp className="size-6 text-muted-foreground" aria-hidden />
          )}
          {verified
            ? 'Payment successful'
            : ours && running
              ? 'Checking the payment…'
              : ours
                ? 'Payment not confirmed'
                : 'Returned with status success (not verified)'}
        </h2>
      )}
      <p className="text-sm wrap-anywhere">
        Session <span className="font-mono">{sessionId}</span>
      </p>
      {!ours ? (
        <p className="text-sm text-muted-foreground">
          This checkout was not started in this page load, so its test mechanic is gone and there is
          no plan to read. Start a new checkout to verify one.
        </p>
      ) : running && plan === undefined ? (
        <p role="status">Reading the plan from the API…</p>
      ) : plan === undefined ? (
        <p className="text-sm text-destructive">{run?.failure ?? 'The plan could not be read.'}</p>
      ) : plan === null || plan.id !== sessionId ? (
        <p className={status === 'success' ? 'text-destructive' : 'text-muted-foreground'}>
          The API shows no plan for this checkout
          {status === 'cancelled' ? ': nothing was charged.' : '.'}
        </p>
      ) : (
        <p
          className={
            plan.status === 'active' && status === 'success'
              ? 'font-semibold text-success'
              : 'text-destructive'
          }
        >
          The API shows the {plans[plan.planType].name} plan {plan.status} at{' '}
          {formatUsd(plan.price)}
          /month{plan.endDate ? `, renewing ${plan.endDate.slice(0, 10)}` : ''}.
        </p>
      )}
      <Link
        href="/stripe-test"
        className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
      >
        New checkout
      </Link>
    </Card>
  );
}
