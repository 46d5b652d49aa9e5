import { formatUsd } from '#core/money.ts';

/** Visit fee, platform fee and total, each to the cent. */
export function FeeBox({
  visitFee,
  platformFee,
  total,
  totalLabel = 'Total',
}: {
  visitFee: number;
  platformFee: number;
  total: number;
  totalLabel?: string;
}) {
  return (
    <dl className="grid gap-1 rounded-xl bg-muted p-3 text-sm" aria-label="Fees">
      <div className="flex justify-between">
        <dt>Visit Fee</dt>
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
