import type { ConfirmResult } from '#core/billing/schemas.ts';
import { textOf } from '#web/lib/i18n.ts';
import { cardText } from './card-text.ts';

/** How confirming a card ended, whichever gateway did it. */
export type ConfirmOutcome = { ok: true } | { ok: false; message: string };

const declined = () => textOf(cardText)('declined');

export const outcomeOf = (result: ConfirmResult): ConfirmOutcome =>
  result.status === 'succeeded'
    ? { ok: true }
    : { ok: false, message: result.message ?? declined() };

export const errorMessage = (error: unknown, fallback = declined()) =>
  error instanceof Error && error.message ? error.message : fallback;
