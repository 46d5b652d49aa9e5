import { z } from 'zod';

const digits = (count: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${count}}$`), `${what} has ${count} digits`);

/** The test gateway's onboarding form, checked before it is sent (the server checks again). */
export const onboardingFormSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name'),
  lastName: z.string().trim().min(1, 'Enter your last name'),
  dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth'),
  idNumber: digits(9, 'The ID number'),
  routingNumber: digits(9, 'The routing number'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'Enter the account number (4 to 17 digits)'),
  tosAccepted: z.boolean().refine((accepted) => accepted, 'Accept the terms to continue'),
});
export type OnboardingForm = z.infer<typeof onboardingFormSchema>;
