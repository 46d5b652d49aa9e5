import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { payoutsText } from '../text.ts';
import { usePayoutBalance } from '../api/use-payouts.ts';

function Amount({ label, value, hint }: { label: string; value: number; hint: string }) {
  const f = useFormat();
  return (
    <div className="grid gap-0.5 rounded-xl bg-muted p-3">
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="text-xl font-extrabold tabular-nums">{f.money(value)}</dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

/** Pending, available, paid out, and what an open card dispute holds back. */
export function PayoutBalanceView() {
  const t = useText(payoutsText);
  const balance = usePayoutBalance(true);
  if (balance.isPending)
    return (
      <div
        className="h-24 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label={t('loadingBalance')}
      />
    );
  if (balance.isError)
    return (
      <p role="alert" className="text-sm font-semibold text-destructive">
        {t('couldNotLoadBalance', { message: balance.error.message })}{' '}
        <button type="button" className="underline" onClick={() => void balance.refetch()}>
          {t('tryAgain')}
        </button>
      </p>
    );
  const { pending, available, paidOut, frozen } = balance.data;
  return (
    <section aria-labelledby="balance-title" className="grid gap-2">
      <h3 id="balance-title" className="font-bold">
        {t('balance')}
      </h3>
      <dl className="grid grid-cols-2 gap-2">
        <Amount label={t('pending')} value={pending} hint={t('pendingHintBalance')} />
        <Amount label={t('available')} value={available} hint={t('availableHint')} />
        <Amount label={t('paidOut')} value={paidOut} hint={t('paidOutHint')} />
        {frozen > 0 ? <Amount label={t('held')} value={frozen} hint={t('heldHint')} /> : null}
      </dl>
    </section>
  );
}
