import { formatUsd } from '#core/money.ts';

/** Visit fee (or, once the job is done, its cost), platform fee and total, each to the cent. */
export function FeeBox({
  visitFee,
  platformFee,
  total,
  totalLabel = 'Total',
  baseLabel = 'Visit Fee',
}: {
  visitFee: number;
  platformFee: number;
  total: number;
  totalLabel?: string;
  baseLabel?: string;
}) {
  return (
    <dl className="grid gap-1 rounded-xl bg-muted p-3 text-sm" aria-label="Fees">
      <div className="flex justify-between">
        <dt>{baseLabel}</dt>
        <dd className="font-semibold">{formatUsd(visitFee)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Platform Fee (10%)</dt>
        <dd className="font-semibold">{formatUsd(platformFee)}</dd>
      </div>
      <div className="flex justify-between border-t border-border pt-1 text-base">
        <dt className="font-bold">{totalLabel}</dt>
        <dd className="font-extrabold">{formatUsd(total)}</dd>
      </div>
    </dl>
  );
}
