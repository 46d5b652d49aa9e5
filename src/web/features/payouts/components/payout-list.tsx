import { ChevronDown } from 'lucide-react';
import type { Payout } from '#core/billing/payouts.ts';
import { formatUsd } from '#core/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { usePayoutList } from '../api/use-payouts.ts';
import { formatDay, payoutLooks } from '../payout-format.ts';

function arrivalText(payout: Payout) {
  if (!payout.arrivalDate) return null;
  const day = formatDay(payout.arrivalDate);
  if (payout.status === 'paid') return `Arrived ${day}`;
  if (payout.status === 'in_transit') return `Arrives ${day}`;
  return null;
}

function PayoutItem({ payout }: { payout: Payout }) {
  const look = payoutLooks[payout.status] ?? { label: payout.status, variant: 'outline' };
  const jobs = payout.jobs.length;
  return (
    <li>
      <details className="group rounded-xl border-2" data-testid="payout">
        <summary className="flex cursor-pointer list-none items-center gap-3 p-3 [&::-webkit-details-marker]:hidden">
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-extrabold tabular-nums">
                {formatUsd(payout.amount)}
              </span>
              <Badge variant={look.variant}>{look.label}</Badge>
            </span>
            <span className="text-sm text-muted-foreground">
              {arrivalText(payout) ?? formatDay(payout.createdAt)} · {jobs}{' '}
              {jobs === 1 ? 'job' : 'jobs'}
            </span>
          </span>
          <ChevronDown
            className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            aria-hidden
          />
        </summary>
        {payout.status === 'failed' && payout.failureMessage ? (
          <p role="alert" className="mx-3 mb-2 text-sm font-medium text-destructive">
            {payout.failureMessage}
          </p>
        ) : null}
        <ul className="grid gap-1 border-t p-3 text-sm" aria-label="Jobs in this payout">
          {payout.jobs.map((job, index) => (
            <li key={job.paymentId ?? index} className="flex justify-between gap-2">
              <span className="min-w-0">
                {job.serviceType ?? (job.amount < 0 ? 'Refund' : 'Job')}
                <span className="block text-xs text-muted-foreground">
                  Paid {formatDay(job.paidAt)}
                </span>
              </span>
              <span className="font-semibold tabular-nums">{formatUsd(job.amount)}</span>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The business's payouts, newest first; each opens to the jobs it paid. */
export function PayoutList() {
  const payouts = usePayoutList(true);
  return (
    <section aria-labelledby="payout-list-title" className="grid gap-2">
      <h3 id="payout-list-title" className="font-bold">
        Payouts
      </h3>
      {payouts.isPending ? (
        <div
          className="h-16 animate-pulse rounded-xl bg-muted"
          role="status"
          aria-label="Loading payouts"
        />
      ) : payouts.isError ? (
        <p role="alert" className="text-sm font-semibold text-destructive">
          Could not load your payouts: {payouts.error.message}{' '}
          <button type="button" className="underline" onClick={() => void payouts.refetch()}>
            Try again
          </button>
        </p>
      ) : payouts.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No payouts yet. Card payments become available 2 days after a job and are paid on your
          schedule.
        </p>
      ) : (
        <ul className="grid gap-2">
          {payouts.data.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}
