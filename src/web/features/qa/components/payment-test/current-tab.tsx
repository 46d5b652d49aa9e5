import { format } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { plans } from '../../../../../core/billing/plans.ts';
import { formatUsd } from '../../../../../core/money.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import type { TestAccount } from '../../test-accounts.ts';
import { useTestPlan } from './account-queries.ts';
import { callLine } from './call-log.tsx';

const day = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy') : '—');

/** The test mechanic's current plan, straight from the API. */
export function CurrentTab({ account }: { account: TestAccount | undefined }) {
  const plan = useTestPlan(account);
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Current plan</h2>
        {account && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void plan.refetch()}
            disabled={plan.isFetching}
          >
            <RefreshCw aria-hidden />
            Refresh
          </Button>
        )}
      </div>
      <div aria-live="polite" aria-busy={plan.isFetching}>
        {!account ? (
          <p className="text-muted-foreground">
            No test mechanic yet: pay for a plan in the Payment tab first.
          </p>
        ) : !plan.data ? (
          <p role="status">Loading the test mechanic&apos;s plan…</p>
        ) : !plan.data.ok ? (
          <p role="alert" className="text-destructive wrap-anywhere">
            Could not load the plan: {callLine(plan.data)}
          </p>
        ) : !plan.data.body ? (
          <p>
            The test mechanic has no current plan{' '}
            <span className="text-muted-foreground">({callLine(plan.data)})</span>.
          </p>
        ) : (
          <dl className="grid gap-2 sm:grid-cols-2" data-testid="current-plan">
            <div>
              <dt className="text-sm text-muted-foreground">Plan</dt>
              <dd className="font-bold">
                {plans[plan.data.body.planType].name} — {formatUsd(plan.data.body.price)}/month
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={plan.data.body.status === 'active' ? 'default' : 'destructive'}>
                  {plan.data.body.status}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Started</dt>
              <dd>{day(plan.data.body.startDate)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">
                {plan.data.body.status === 'cancelled' ? 'Ends' : 'Next billing date'}
              </dt>
              <dd>{day(plan.data.body.endDate)}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted-foreground">Gateway subscription</dt>
              <dd className="font-mono text-sm wrap-anywhere">
                {plan.data.body.stripeSubscriptionId ?? '—'}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </Card>
  );
}
