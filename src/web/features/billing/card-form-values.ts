import { cardBrand, digitsOnly } from '#core/billing/cards.ts';
import type { TestCardInput } from '#core/billing/schemas.ts';
import type { CardFormValues } from './card-form-schema.ts';

export const emptyCard: CardFormValues = { name: '', number: '', expiry: '', cvc: '' };

/** "04/28" → month 4, year 2028; null unless it reads MM/YY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** What the test gateway's confirm takes: digits only and a 4-digit year. */
export function toTestCard(values: CardFormValues): TestCardInput {
  const expiry = parseExpiry(values.expiry)!;
  return {
    number: digitsOnly(values.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: values.cvc.trim(),
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
  };
}

/** Groups digits as printed on the card: 4-6-5 for American Express, else fours. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (cardBrand(digits) === 'amex')
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Types the slash for the user: "0428" → "04/28". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Stripe's public test numbers and what the test gateway does with them. */
export const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient' },
  { number: '4000 0025 0000 3155', outcome: 'authentication' },
] as const;
