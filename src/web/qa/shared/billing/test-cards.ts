import { cardBrand, cvcLength, digitsOnly } from '#core/billing/cards.ts';
import type { TestCardInput } from '#core/billing/schemas.ts';

/** Stripe's public test numbers, as the test gateway takes them (docs/billing.md). */
export interface TestCardChoice {
  number: string;
  label: string;
  /** What the test gateway does with it. */
  expect: 'succeeds' | 'declined' | 'authentication';
}

export const TEST_CARDS: readonly TestCardChoice[] = [
  { number: '4242 4242 4242 4242', label: 'Visa — succeeds', expect: 'succeeds' },
  { number: '5555 5555 5555 4444', label: 'Mastercard — succeeds', expect: 'succeeds' },
  { number: '4000 0000 0000 0002', label: 'Declined', expect: 'declined' },
  { number: '4000 0000 0000 9995', label: 'Insufficient funds', expect: 'declined' },
  {
    number: '4000 0025 0000 3155',
    label: 'Asks for authentication (3-D Secure)',
    expect: 'authentication',
  },
];

export const SUCCEEDING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** The card as the confirm call takes it: digits only, a future expiry, a CVC of the right length. */
export function testCard(number: string, now = new Date()): TestCardInput {
  const digits = digitsOnly(number);
  return {
    number: digits,
    expMonth: 12,
    expYear: now.getUTCFullYear() + 2,
    cvc: '1234'.slice(0, cvcLength(cardBrand(digits))),
    name: 'QA Test Mechanic',
  };
}

/** The payment intent a client secret belongs to: `pi_test_…_secret_…` → `pi_test_…`. */
export function intentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

/** Dollars as integer cents, the way a checkout session states its amount. */
export const toAmountCents = (dollars: number) => Math.round(dollars * 100);

export const NEEDS_TEST_GATEWAY = 'Needs the test gateway; this server uses Stripe';
