import { ChevronDown } from 'lucide-react';
import type { Payout } from '#core/billing/payouts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { payoutsText } from '../text.ts';
import { usePayoutList } from '../api/use-payouts.ts';
import { payoutVariants } from '../payout-format.ts';

function PayoutItem({ payout }: { payout: Payout }) {
  const t = useText(payoutsText);
  const f = useFormat();
  const label = useLabel();
  const jobs = payout.jobs.length;
  const arrival = !payout.arrivalDate
    ? null
    : payout.status === 'paid'
      ? t('arrived', { date: f.date(payout.arrivalDate) })
      : payout.status === 'in_transit'
        ? t('arrives', { date: f.date(payout.arrivalDate) })
        : null;
  return (
    <li>
      <details className="group rounded-xl border-2" data-testid="payout">
        <summary className="flex cursor-pointer list-none items-center gap-3 p-3 [&::-webkit-details-marker]:hidden">
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-extrabold tabular-nums">{f.money(payout.amount)}</span>
              <Badge variant={payoutVariants[payout.status] ?? 'outline'}>
                {t('payoutStatus', { status: payout.status })}
              </Badge>
            </span>
            <span className="text-sm text-muted-foreground">
              {arrival ?? f.date(payout.createdAt)} · {t('jobCount', { count: jobs })}
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
        <ul className="grid gap-1 border-t p-3 text-sm" aria-label={t('jobsInPayout')}>
          {payout.jobs.map((job, index) => (
            <li key={job.paymentId ?? index} className="flex justify-between gap-2">
              <span className="min-w-0">
                {job.serviceType
                  ? label('service', job.serviceType)
                  : job.amount < 0
                    ? t('refund')
                    : t('job')}
                <span className="block text-xs text-muted-foreground">
                  {t('paidOn', { date: f.date(job.paidAt) })}
                </span>
              </span>
              <span className="font-semibold tabular-nums">{f.money(job.amount)}</span>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The business's payouts, newest first; each opens to the jobs it paid. */
export function PayoutList() {
  const t = useText(payoutsText);
  const payouts = usePayoutList(true);
  return (
    <section aria-labelledby="payout-list-title" className="grid gap-2">
      <h3 id="payout-list-title" className="font-bold">
        {t('payouts')}
      </h3>
      {payouts.isPending ? (
        <div
          className="h-16 animate-pulse rounded-xl bg-muted"
          role="status"
          aria-label={t('loadingPayouts')}
        />
      ) : payouts.isError ? (
        <p role="alert" className="text-sm font-semibold text-destructive">
          {t('couldNotLoadPayouts', { message: payouts.error.message })}{' '}
          <button type="button" className="underline" onClick={() => void payouts.refetch()}>
            {t('tryAgain')}
          </button>
        </p>
      ) : payouts.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noPayouts')}</p>
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
