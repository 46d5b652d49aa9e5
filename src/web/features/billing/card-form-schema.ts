import { z } from 'zod';
import { cardBrand, cvcLength, isExpired, passesLuhn } from '#core/billing/cards.ts';
import { parseExpiry } from './card-form-values.ts';

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
