import { Banknote } from 'lucide-react';
import { useState } from 'react';
import type { DisputedPayment } from '#core/billing/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDisputedPayments, useResolveDispute } from '../api/use-disputed-payments.ts';
import { formatDateTime } from '../admin-format.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';

type Outcome = 'paid' | 'not_paid';

/** Cash payments a provider disputed: the admin settles each either way, with a reason. */
export function DisputesTab() {
  const query = useDisputedPayments();
  const resolve = useResolveDispute();
  const [deciding, setDeciding] = useState<{ payment: DisputedPayment; outcome: Outcome } | null>(
    null,
  );

  if (query.isPending) return <ListSkeleton label="Loading disputed payments" rows={3} />;
  if (query.isError)
    return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState title="No disputed cash payments" icon={Banknote}>
        When a provider says a driver&apos;s cash never arrived, it shows up here.
      </EmptyState>
    );

  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Disputed cash payments">
        {query.data.map((payment) => (
          <li key={payment.id}>
            <Card className="grid gap-2 p-4 text-sm" data-testid="dispute-card">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-base font-bold">
                  {formatUsd(payment.amount)} cash · {payment.serviceType}
                </span>
                <time dateTime={payment.updatedAt} className="text-xs text-muted-foreground">
                  {formatDateTime(payment.updatedAt)}
                </time>
              </p>
              <p>
                <span className="font-semibold">{payment.businessName}</span> disputes the payment
                of <span className="font-semibold">{payment.driverName}</span> (
                {payment.driverEmail}
                ).
              </p>
              <p className="break-words rounded-xl bg-muted p-3">
                <span className="font-semibold">Provider&apos;s reason:</span>{' '}
                {payment.disputeReason ?? '—'}
              </p>
              <p className="font-mono text-xs text-muted-foreground">{payment.receiptNumber}</p>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="outline"
                  onClick={() => setDeciding({ payment, outcome: 'not_paid' })}
                >
                  Not Paid
                </Button>
                <Button onClick={() => setDeciding({ payment, outcome: 'paid' })}>
                  Count as Paid
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {deciding ? (
        <ReasonDialog
          title={
            deciding.outcome === 'paid' ? 'Count this cash payment as paid?' : 'Settle as not paid?'
          }
          description={
            deciding.outcome === 'paid'
              ? `The job counts as paid and gets a receipt. ${deciding.payment.driverName} and ${deciding.payment.businessName} are told, with your reason.`
              : `${deciding.payment.driverName} owes ${formatUsd(deciding.payment.amount)} again and can pay it. Both sides are told, with your reason.`
          }
          required
          confirmLabel={deciding.outcome === 'paid' ? 'Count as Paid' : 'Settle as Not Paid'}
          busyLabel="Saving..."
          destructive={deciding.outcome === 'not_paid'}
          busy={resolve.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) =>
            resolve.mutate(
              { id: deciding.payment.id, outcome: deciding.outcome, reason: reason ?? '' },
              {
                onSuccess: () => {
                  toast({ title: 'Dispute settled', variant: 'success' });
                  setDeciding(null);
                },
                onError: (error) =>
                  toast({
                    title: 'Could not settle',
                    description: error.message,
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      ) : null}
    </>
  );
}
