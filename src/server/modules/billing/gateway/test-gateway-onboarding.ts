import { z } from 'zod';
import {
  TEST_ACCOUNT_NUMBER,
  TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL,
  TEST_ROUTING_NUMBER,
} from '../../../../core/billing/payouts.ts';

/** The test gateway's onboarding page (Stripe's hosted onboarding, with Stripe's test values). */

const TEST_ID_NUMBERS = ['000000000', '111111111'];

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

const details = {
  firstName: z
    .string()
    .trim()
    .min(1, 'Enter the first name')
    .max(100, 'Keep it under 100 characters'),
  lastName: z
    .string()
    .trim()
    .min(1, 'Enter the last name')
    .max(100, 'Keep it under 100 characters'),
  dob: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD')
    .refine(isRealDate, 'Enter a real date of birth')
    .refine((value) => value < new Date().toISOString().slice(0, 10), 'Enter a date in the past'),
  idNumber: z
    .string()
    .refine(
      (value) => TEST_ID_NUMBERS.includes(value),
      'Use a test ID number: 000000000 (verified) or 111111111 (needs an ID document)',
    ),
  routingNumber: z
    .string()
    .refine(
      (value) => value === TEST_ROUTING_NUMBER,
      `Use the test routing number ${TEST_ROUTING_NUMBER}`,
    ),
  accountNumber: z
    .string()
    .refine(
      (value) => value === TEST_ACCOUNT_NUMBER || value === TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL,
      `Use a test account number: ${TEST_ACCOUNT_NUMBER}, or ${TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL} for payouts that fail`,
    ),
  tosAccepted: z.literal(true, { error: 'Accept the services agreement to continue' }),
};

const missing: Record<keyof typeof details, string> = {
  firstName: 'Enter the first name',
  lastName: 'Enter the last name',
  dob: 'Enter the date of birth as YYYY-MM-DD',
  idNumber: 'Use a test ID number: 000000000 (verified) or 111111111 (needs an ID document)',
  routingNumber: `Use the test routing number ${TEST_ROUTING_NUMBER}`,
  accountNumber: `Use a test account number: ${TEST_ACCOUNT_NUMBER}, or ${TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL} for payouts that fail`,
  tosAccepted: 'Accept the services agreement to continue',
};

/** The identity and bank details, or, when only the identity document is due, the document alone. */
export const onboardingInput = z
  .object({
    idDocument: z
      .enum(['verified', 'unreadable'], { error: 'Choose a test document: verified or unreadable' })
      .optional(),
    firstName: details.firstName.optional(),
    lastName: details.lastName.optional(),
    dob: details.dob.optional(),
    idNumber: details.idNumber.optional(),
    routingNumber: details.routingNumber.optional(),
    accountNumber: details.accountNumber.optional(),
    tosAccepted: details.tosAccepted.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.idDocument) return;
    for (const field of Object.keys(missing) as (keyof typeof missing)[])
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: missing[field] });
  });

export const onboardingViewSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  /** Stripe's requirement keys still due (`external_account`, `individual.verification.document`, …). */
  currentlyDue: z.array(z.string()),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
});

export const advanceClockInput = z.object({
  advanceDays: z
    .number({ error: 'Enter a number of days' })
    .int('Enter whole days')
    .min(1, 'Move the clock on by 1 to 30 days')
    .max(30, 'Move the clock on by 1 to 30 days'),
});
