import { Scale } from 'lucide-react';
import { useState } from 'react';
import type { LedgerDiscrepancy, LedgerSummary } from '#core/billing/payouts.ts';
import { formatUsd } from '#core/money.ts';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  useLedgerDiscrepancies,
  useLedgerSummary,
  useResolveDiscrepancy,
} from '../api/use-ledger.ts';
import { formatDateTime, shortId } from '../admin-format.ts';
import { AdminQuery } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const figures: [keyof LedgerSummary, string, string][] = [
  ['charged', 'Charged', 'Card payments of jobs'],
  ['platformFees', 'Platform fees', 'The 10 % kept'],
  ['refunded', 'Refunded', 'Given back to drivers'],
  ['netRevenue', 'Net revenue', 'Fees less fees refunded'],
  ['paidOut', 'Paid out', 'Sent to providers’ banks'],
  ['inDispute', 'In dispute', 'Held by open card disputes'],
];

function Summary({ summary }: { summary: LedgerSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label="Money">
      {figures.map(([key, label, hint]) => (
        <Card key={key} className="grid gap-0.5 p-4">
          <dt className="text-sm font-semibold">{label}</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{formatUsd(summary[key])}</dd>
          <dd className="text-xs text-muted-foreground">{hint}</dd>
        </Card>
      ))}
    </dl>
  );
}

function DiscrepancyCard({
  discrepancy,
  onResolve,
}: {
  discrepancy: LedgerDiscrepancy;
  onResolve: () => void;
}) {
  return (
    <Card className="grid gap-2 p-4 text-sm" data-testid="ledger-discrepancy">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">{discrepancy.field}</span>
        <time dateTime={discrepancy.detectedAt} className="text-xs text-muted-foreground">
          {formatDateTime(discrepancy.detectedAt)}
        </time>
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">Ledger</dt>
          <dd className="font-semibold tabular-nums">{formatUsd(discrepancy.ledger)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Gateway</dt>
          <dd className="font-semibold tabular-nums">{formatUsd(discrepancy.gateway)}</dd>
        </div>
      </dl>
      <p className="break-all font-mono text-xs text-muted-foreground">
        {discrepancy.gatewayRef}
        {discrepancy.paymentId ? ` · payment #${shortId(discrepancy.paymentId)}` : ''}
      </p>
      <Button variant="outline" size="sm" onClick={onResolve}>
        Mark resolved
      </Button>
    </Card>
  );
}

/** Where the money went, from the ledger, and the differences reconciliation found. */
export function MoneyTab() {
  const summary = useLedgerSummary();
  const discrepancies = useLedgerDiscrepancies();
  const resolve = useResolveDiscrepancy();
  const [resolving, setResolving] = useState<LedgerDiscrepancy | null>(null);

  return (
    <div className="grid gap-6">
      <AdminQuery query={summary} loading="Loading money figures" what="the money figures">
        {(data) => <Summary summary={data} />}
      </AdminQuery>
      <section aria-labelledby="discrepancies-title" className="grid gap-3">
        <h2 id="discrepancies-title" className="text-lg font-bold">
          Ledger differences
        </h2>
        <AdminQuery query={discrepancies} loading="Loading ledger differences" what="differences">
          {(open) =>
            open.length === 0 ? (
              <EmptyState title="The ledger matches the gateway" icon={Scale}>
                The nightly check compares every payment with the gateway and lists any difference
                here.
              </EmptyState>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2" aria-label="Ledger differences">
                {open.map((discrepancy) => (
                  <li key={discrepancy.id}>
                    <DiscrepancyCard
                      discrepancy={discrepancy}
                      onResolve={() => setResolving(discrepancy)}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </AdminQuery>
      </section>
      {resolving ? (
        <ReasonDialog
          title="Mark this difference resolved?"
          description={`${resolving.field}: the ledger says ${formatUsd(resolving.ledger)}, the gateway ${formatUsd(resolving.gateway)}. Say what was done about it.`}
          reasonLabel="Note"
          required
          confirmLabel="Mark resolved"
          busyLabel="Saving..."
          busy={resolve.isPending}
          onClose={() => setResolving(null)}
          onConfirm={(note) =>
            resolve.mutate(
              { id: resolving.id, note: note ?? '' },
              {
                onSuccess: () => {
                  toast({ title: 'Difference resolved', variant: 'success' });
                  setResolving(null);
                },
                onError: (error) =>
                  toast({
                    title: 'Could not resolve',
                    description: error.message,
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
