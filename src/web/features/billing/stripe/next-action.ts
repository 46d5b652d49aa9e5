import { textOf } from '#web/lib/i18n.ts';
import { cardText } from '../card-text.ts';
import type { ConfirmOutcome } from '../confirm-outcome.ts';
import { getStripe } from './load-stripe.ts';

const done = new Set(['succeeded', 'processing', 'requires_capture']);

/** Stripe's own authentication step for a payment that answered `requires_action`. */
export async function handleStripeNextAction(
  publishableKey: string | null,
  clientSecret: string,
): Promise<ConfirmOutcome> {
  const t = textOf(cardText);
  const stripe = publishableKey ? await getStripe(publishableKey) : null;
  if (!stripe) return { ok: false, message: t('stripeNotLoaded') };
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error)
    return { ok: false, message: result.error.message ?? t('authenticationFailed') };
  const status = result.paymentIntent?.status ?? result.setupIntent?.status;
  return status && done.has(status) ? { ok: true } : { ok: false, message: t('notAuthenticated') };
}
