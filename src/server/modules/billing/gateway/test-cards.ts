import {
  cardBrand,
  cvcLength,
  digitsOnly,
  isExpired,
  passesLuhn,
  type CardBrand,
} from '../../../../core/billing/cards.ts';
import type { TestCardInput } from '../../../../core/billing/schemas.ts';

/** How a test card behaves when charged (Stripe's documented test numbers). */
export type CardBehaviour =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'authentication_required'
  /** Saves fine, but every later charge is declined (a renewal that fails). */
  | 'attach_then_decline'
  /** Succeeds, then the cardholder disputes it as fraudulent (Stripe's 4000 0000 0000 0259). */
  | 'disputed';

const testCards: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds',
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '378282246310005': 'succeeds',
  '6011111111111117': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'authentication_required',
  '4000002760003184': 'authentication_required',
  '4000000000000341': 'attach_then_decline',
  '4000000000000259': 'disputed',
};

export interface CardFailure {
  code: string;
  message: string;
}

export const failures = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authentication_failed: {
    code: 'payment_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} satisfies Record<string, CardFailure>;

export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/** Checks a card as a card network would (number, expiry, CVC); only test numbers are accepted. */
export function checkCard(
  card: TestCardInput,
  now = new Date(),
): { card: CheckedCard } | { failure: CardFailure } {
  const number = digitsOnly(card.number);
  if (!passesLuhn(number))
    return { failure: { code: 'incorrect_number', message: 'Your card number is incorrect.' } };
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (isExpired(card.expMonth, expYear, now))
    return { failure: { code: 'expired_card', message: 'Your card has expired.' } };
  const brand = cardBrand(number);
  if (card.cvc.length !== cvcLength(brand))
    return { failure: { code: 'invalid_cvc', message: "Your card's security code is invalid." } };
  const behaviour = testCards[number];
  if (!behaviour)
    return {
      failure: {
        code: 'card_declined',
        message:
          'Your card was declined. Test mode accepts only test cards, such as 4242 4242 4242 4242.',
      },
    };
  return { card: { brand, last4: number.slice(-4), expMonth: card.expMonth, expYear, behaviour } };
}

/** What charging a saved card does: on-session payments ask for authentication again. */
export function chargeOutcome(
  behaviour: CardBehaviour,
  onSession: boolean,
): 'succeeded' | 'requires_action' | CardFailure {
  switch (behaviour) {
    case 'succeeds':
    case 'disputed':
      return 'succeeded';
    case 'authentication_required':
      return onSession ? 'requires_action' : 'succeeded';
    case 'declined':
    case 'attach_then_decline':
      return failures.declined;
    case 'insufficient_funds':
      return failures.insufficient_funds;
  }
}
