import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { feesText } from '../fees-text.ts';

/** Visit fee (or, once the job is done, its cost), platform fee and total, each to the cent. */
export function FeeBox({
  visitFee,
  platformFee,
  total,
  totalLabel = 'total',
  base = 'visitFee',
}: {
  visitFee: number;
  platformFee: number;
  total: number;
  totalLabel?: 'total' | 'totalCost';
  base?: 'visitFee' | 'jobCost';
}) {
  const t = useText(feesText);
  const f = useFormat();
  return (
    <dl className="grid gap-1 rounded-xl bg-muted p-3 text-sm" aria-label={t('fees')}>
      <div className="flex justify-between">
        <dt>{t(base)}</dt>
        <dd className="font-semibold">{f.money(visitFee)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{t('platformFee')}</dt>
        <dd className="font-semibold">{f.money(platformFee)}</dd>
      </div>
      <div className="flex justify-between border-t border-border pt-1 text-base">
        <dt className="font-bold">{t(totalLabel)}</dt>
        <dd className="font-extrabold">{f.money(total)}</dd>
      </div>
    </dl>
  );
}
