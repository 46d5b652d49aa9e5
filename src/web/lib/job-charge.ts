import { fromCents, platformFeeCents, toCents } from '#core/money.ts';

/**
 * What a driver pays for a job, as the server charges it (core `jobSplit`): the actual cost once
 * the job is done, else the visit fee, plus the 10 % platform fee.
 */
export function jobCharge(booking: { actualCost: number | null; visitFee: number | null }) {
  const done = booking.actualCost !== null;
  const baseCents = toCents(booking.actualCost ?? booking.visitFee ?? 0);
  const feeCents = platformFeeCents(baseCents);
  return {
    baseLabel: done ? 'Job Cost' : 'Visit Fee',
    base: fromCents(baseCents),
    platformFee: fromCents(feeCents),
    total: fromCents(baseCents + feeCents),
  };
}
