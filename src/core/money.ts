/** Money is integer cents inside the product; dollars only at the edges. */
export const PLATFORM_FEE_RATE_PERCENT = 10;
/** The largest amount a numeric(8,2) column holds. */
export const MAX_DOLLARS = 999_999.99;

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** 10 % of an amount, rounded half up to the cent (integer arithmetic, no float drift). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

export function platformFeeCents(visitFeeCents: number): number {
  return percentOfCents(visitFeeCents, PLATFORM_FEE_RATE_PERCENT);
}

export interface FeeBreakdown {
  visitFee: number;
  platformFee: number;
  total: number;
}

/** Visit fee, platform fee and total in dollars, each exact to the cent. */
export function feeBreakdown(visitFeeDollars: number): FeeBreakdown {
  const visit = toCents(visitFeeDollars);
  const fee = platformFeeCents(visit);
  return { visitFee: fromCents(visit), platformFee: fromCents(fee), total: fromCents(visit + fee) };
}

export function formatUsd(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
