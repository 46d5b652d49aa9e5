import { formatUsd } from '#core/money.ts';
import { usePayoutBalance } from '../api/use-payouts.ts';

function Amount({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="grid gap-0.5 rounded-xl bg-muted p-3">
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="text-xl font-extrabold tabular-nums">{formatUsd(value)}</dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

/** Pending, available, paid out, and what an open card dispute holds back. */
export function PayoutBalanceView() {
  const balance = usePayoutBalance(true);
  if (balance.isPending)
    return (
      <div
        className="h-24 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label="Loading balance"
      />
    );
  if (balance.isError)
    return (
      <p role="alert" className="text-sm font-semibold text-destructive">
        Could not load your balance: {balance.error.message}{' '}
        <button type="button" className="underline" onClick={() => void balance.refetch()}>
          Try again
        </button>
      </p>
    );
  const { pending, available, paidOut, frozen } = balance.data;
  return (
    <section aria-labelledby="balance-title" className="grid gap-2">
      <h3 id="balance-title" className="font-bold">
        Balance
      </h3>
      <dl className="grid grid-cols-2 gap-2">
        <Amount label="Pending" value={pending} hint="Available 2 days after a job is paid" />
        <Amount label="Available" value={available} hint="In your next payout" />
        <Amount label="Paid out" value={paidOut} hint="Sent to your bank so far" />
        {frozen > 0 ? (
          <Amount label="Held in disputes" value={frozen} hint="Until the card dispute closes" />
        ) : null}
      </dl>
    </section>
  );
}
