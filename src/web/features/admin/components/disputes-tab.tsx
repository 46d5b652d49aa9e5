import { Banknote } from 'lucide-react';
import { useState } from 'react';
import type { DisputedPayment } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDisputedPayments, useResolveDispute } from '../api/use-disputed-payments.ts';
import { useAdminDates } from '../admin-format.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { adminText } from '../text.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { ReasonDialog } from '#web/components/reason-dialog-lazy.tsx';

type Outcome = 'paid' | 'not_paid';

/** Cash payments a provider disputed: the admin settles each either way, with a reason. */
export function DisputesTab() {
  const t = useText(adminText);
  const f = useFormat();
  const label = useLabel();
  const { dateTime } = useAdminDates();
  const query = useDisputedPayments();
  const resolve = useResolveDispute();
  const [deciding, setDeciding] = useState<{ payment: DisputedPayment; outcome: Outcome } | null>(
    null,
  );

  if (query.isPending) return <ListSkeleton label={t('loadingDisputes')} rows={3} />;
  if (query.isError)
    return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState title={t('noDisputes')} icon={Banknote}>
        {t('noDisputesHint')}
      </EmptyState>
    );

  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t('disputedCashPayments')}>
        {query.data.map((payment) => (
          <li key={payment.id}>
            <Card className="grid gap-2 p-4 text-sm" data-testid="dispute-card">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-base font-bold">
                  {t('cashAmount', { amount: f.money(payment.amount) })} ·{' '}
                  {label('service', payment.serviceType)}
                </span>
                <time dateTime={payment.updatedAt} className="text-xs text-muted-foreground">
                  {dateTime(payment.updatedAt)}
                </time>
              </p>
              <p>
                <T
                  text={adminText}
                  id="disputesPayment"
                  values={{
                    business: payment.businessName,
                    driver: payment.driverName,
                    email: payment.driverEmail,
                  }}
                  components={{
                    0: <span className="font-semibold" translate="no" />,
                    1: <span className="font-semibold" translate="no" />,
                    2: <span translate="no" />,
                  }}
                />
              </p>
              <p className="break-words rounded-xl bg-muted p-3">
                <span className="font-semibold">{t('providersReason')}</span>{' '}
                <span translate="no">{payment.disputeReason ?? '—'}</span>
              </p>
              <p className="font-mono text-xs text-muted-foreground" translate="no">
                {payment.receiptNumber}
              </p>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="outline"
                  onClick={() => setDeciding({ payment, outcome: 'not_paid' })}
                >
                  {t('notPaid')}
                </Button>
                <Button onClick={() => setDeciding({ payment, outcome: 'paid' })}>
                  {t('countAsPaid')}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {deciding ? (
        <ReasonDialog
          title={t(deciding.outcome === 'paid' ? 'countAsPaidTitle' : 'settleNotPaidTitle')}
          description={
            deciding.outcome === 'paid'
              ? t('countAsPaidHint', {
                  driver: deciding.payment.driverName,
                  business: deciding.payment.businessName,
                })
              : t('settleNotPaidHint', {
                  driver: deciding.payment.driverName,
                  amount: f.money(deciding.payment.amount),
                })
          }
          reasonLabel={t('reason')}
          required
          confirmLabel={t(deciding.outcome === 'paid' ? 'countAsPaid' : 'settleNotPaid')}
          busyLabel={t('saving')}
          destructive={deciding.outcome === 'not_paid'}
          busy={resolve.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) =>
            resolve.mutate(
              { id: deciding.payment.id, outcome: deciding.outcome, reason: reason ?? '' },
              {
                onSuccess: () => {
                  toast({ title: textOf(adminText)('disputeSettled'), variant: 'success' });
                  setDeciding(null);
                },
                onError: (error) =>
                  toast({
                    title: textOf(adminText)('couldNotSettle'),
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
