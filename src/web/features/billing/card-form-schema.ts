import { z } from 'zod';
import { cardBrand, cvcLength, digitsOnly, isExpired, passesLuhn } from '#core/billing/cards.ts';
import type { TestCardInput } from '#core/billing/schemas.ts';

/** The test-mode card form, checked in the page before the card is sent (docs/billing.md). */
export const cardFormSchema = z
  .object({
    name: z.string().trim().max(200, 'Name must be at most 200 characters'),
    number: z
      .string()
      .trim()
      .min(1, 'Enter the card number')
      .refine((v) => passesLuhn(v), 'Your card number is incorrect.'),
    expiry: z
      .string()
      .trim()
      .min(1, 'Enter the expiry date')
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY'),
    cvc: z.string().trim().min(1, 'Enter the security code'),
  })
  .superRefine((card, ctx) => {
    const expiry = parseExpiry(card.expiry);
    if (expiry && isExpired(expiry.month, expiry.year))
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'Your card has expired.' });
    const length = cvcLength(cardBrand(card.number));
    if (card.cvc && !new RegExp(`^\\d{${length}}$`).test(card.cvc))
      ctx.addIssue({
        code: 'custom',
        path: ['cvc'],
        message: `Enter the ${length}-digit security code`,
      });
  });
export type CardFormValues = z.infer<typeof cardFormSchema>;

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
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient funds' },
  { number: '4000 0025 0000 3155', outcome: 'Asks for authentication' },
] as const;
