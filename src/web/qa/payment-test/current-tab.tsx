import { format } from 'date-fns';
import { plans } from '#core/billing/plans.ts';
import { formatUsd } from '#core/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import type { TestAccount } from '../shared/test-accounts.ts';
import { useTestPlan } from './account-queries.ts';
import { callLine } from '../shared/billing/call-log.tsx';
import { TestMechanicCard } from './test-mechanic-card.tsx';

const day = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy') : '—');

/** The test mechanic's current plan, straight from the API. */
export function CurrentTab({ account }: { account: TestAccount | undefined }) {
  const plan = useTestPlan(account);
  return (
    <TestMechanicCard
      title="Current plan"
      account={account}
      query={plan}
      loading="Loading the test mechanic's plan…"
      failure="Could not load the plan"
    >
      {(response) =>
        !response.body ? (
          <p>
            The test mechanic has no current plan{' '}
            <span className="text-muted-foreground">({callLine(response)})</span>.
          </p>
        ) : (
          <dl className="grid gap-2 sm:grid-cols-2" data-testid="current-plan">
            <div>
              <dt className="text-sm text-muted-foreground">Plan</dt>
              <dd className="font-bold">
                {plans[response.body.planType].name} — {formatUsd(response.body.price)}/month
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={response.body.status === 'active' ? 'default' : 'destructive'}>
                  {response.body.status}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Started</dt>
              <dd>{day(response.body.startDate)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">
                {response.body.status === 'cancelled' ? 'Ends' : 'Next billing date'}
              </dt>
              <dd>{day(response.body.endDate)}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted-foreground">Gateway subscription</dt>
              <dd className="font-mono text-sm wrap-anywhere">
                {response.body.stripeSubscriptionId ?? '—'}
              </dd>
            </div>
          </dl>
        )
      }
    </TestMechanicCard>
  );
}
