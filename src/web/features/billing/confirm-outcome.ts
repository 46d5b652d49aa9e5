import type { ConfirmResult } from '#core/billing/schemas.ts';

/** How confirming a card ended, whichever gateway did it. */
export type ConfirmOutcome = { ok: true } | { ok: false; message: string };

export const DECLINED = 'Your card was declined.';

export const outcomeOf = (result: ConfirmResult): ConfirmOutcome =>
  result.status === 'succeeded' ? { ok: true } : { ok: false, message: result.message ?? DECLINED };

export const errorMessage = (error: unknown, fallback = DECLINED) =>
  error instanceof Error && error.message ? error.message : fallback;
