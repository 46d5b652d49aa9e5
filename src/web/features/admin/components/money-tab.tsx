import { Scale } from 'lucide-react';
import { useState } from 'react';
import type { LedgerDiscrepancy, LedgerSummary } from '#core/billing/payouts.ts';
import { ReasonDialog } from '#web/components/reason-dialog-lazy.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  useLedgerDiscrepancies,
  useLedgerSummary,
  useResolveDiscrepancy,
} from '../api/use-ledger.ts';
import { shortId, useAdminDates } from '../admin-format.ts';
import { useFormat } from '#web/lib/format.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { adminMoneyText } from '../money-text.ts';

type MoneyKey = NonNullable<(typeof adminMoneyText)['keys']>;
import { AdminQuery } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const figures: [keyof LedgerSummary, MoneyKey, MoneyKey][] = [
  ['charged', 'charged', 'chargedHint'],
  ['platformFees', 'platformFees', 'platformFeesHint'],
  ['refunded', 'refunded', 'refundedHint'],
  ['netRevenue', 'netRevenue', 'netRevenueHint'],
  ['paidOut', 'paidOut', 'paidOutHint'],
  ['inDispute', 'inDispute', 'inDisputeHint'],
];

function Summary({ summary }: { summary: LedgerSummary }) {
  const t = useText(adminMoneyText);
  const f = useFormat();
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label={t('money')}>
      {figures.map(([key, label, hint]) => (
        <Card key={key} className="grid gap-0.5 p-4">
          <dt className="text-sm font-semibold">{t(label)}</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{f.money(summary[key])}</dd>
          <dd className="text-xs text-muted-foreground">{t(hint)}</dd>
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
  const t = useText(adminMoneyText);
  const f = useFormat();
  const { dateTime } = useAdminDates();
  return (
    <Card className="grid gap-2 p-4 text-sm" data-testid="ledger-discrepancy">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold" translate="no">
          {discrepancy.field}
        </span>
        <time dateTime={discrepancy.detectedAt} className="text-xs text-muted-foreground">
          {dateTime(discrepancy.detectedAt)}
        </time>
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">{t('ledger')}</dt>
          <dd className="font-semibold tabular-nums">{f.money(discrepancy.ledger)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('gateway')}</dt>
          <dd className="font-semibold tabular-nums">{f.money(discrepancy.gateway)}</dd>
        </div>
      </dl>
      <p className="break-all font-mono text-xs text-muted-foreground">
        <span translate="no">{discrepancy.gatewayRef}</span>
        {discrepancy.paymentId
          ? ` · ${t('paymentId', { id: shortId(discrepancy.paymentId) })}`
          : ''}
      </p>
      <Button variant="outline" size="sm" onClick={onResolve}>
        {t('markResolved')}
      </Button>
    </Card>
  );
}

/** Where the money went, from the ledger, and the differences reconciliation found. */
export function MoneyTab() {
  const t = useText(adminMoneyText);
  const f = useFormat();
  const summary = useLedgerSummary();
  const discrepancies = useLedgerDiscrepancies();
  const resolve = useResolveDiscrepancy();
  const [resolving, setResolving] = useState<LedgerDiscrepancy | null>(null);

  return (
    <div className="grid gap-6">
      <AdminQuery query={summary} loading={t('loadingMoney')} failed={t('moneyFailed')}>
        {(data) => <Summary summary={data} />}
      </AdminQuery>
      <section aria-labelledby="discrepancies-title" className="grid gap-3">
        <h2 id="discrepancies-title" className="text-lg font-bold">
          {t('ledgerDifferences')}
        </h2>
        <AdminQuery
          query={discrepancies}
          loading={t('loadingDifferences')}
          failed={t('differencesFailed')}
        >
          {(open) =>
            open.length === 0 ? (
              <EmptyState title={t('ledgerMatches')} icon={Scale}>
                {t('ledgerMatchesHint')}
              </EmptyState>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2" aria-label={t('ledgerDifferences')}>
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
          title={t('resolveTitle')}
          description={t('resolveHint', {
            field: resolving.field,
            ledger: f.money(resolving.ledger),
            gateway: f.money(resolving.gateway),
          })}
          reasonLabel={t('note')}
          required
          confirmLabel={t('markResolved')}
          busyLabel={t('saving')}
          busy={resolve.isPending}
          onClose={() => setResolving(null)}
          onConfirm={(note) =>
            resolve.mutate(
              { id: resolving.id, note: note ?? '' },
              {
                onSuccess: () => {
                  toast({
                    title: textOf(adminMoneyText)('differenceResolved'),
                    variant: 'success',
                  });
                  setResolving(null);
                },
                onError: (error) =>
                  toast({
                    title: textOf(adminMoneyText)('couldNotResolve'),
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
