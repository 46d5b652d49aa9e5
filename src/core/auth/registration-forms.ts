import { z } from 'zod';
import { registrationVehicleTypes } from '../users/schemas.ts';
import { typedAmount } from '../providers/business-fields.ts';
import { providerApplicationSchema } from '../providers/schemas.ts';
import {
  emailField,
  messages,
  nameField,
  optionalText,
  passwordField,
  phoneField,
} from '../validation.ts';

/** The /register forms : fields as typed, with the specified messages. */
const passwordFields = { password: passwordField(), confirmPassword: z.string() };
const passwordsMatch = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const mismatch = {
  message: messages.passwordsMatch,
  path: ['confirmPassword'],
  // Shown together with the other fields' messages, not only once they are all valid.
  when: () => true,
};

export const driverRegistrationFormSchema = z
  .object({
    fullName: nameField(messages.fullName),
    email: emailField(),
    phone: phoneField(),
    company: optionalText(120, 'Company'),
    vehicleType: z.enum(registrationVehicleTypes, { message: 'Please select your vehicle type' }),
    licenseNumber: z.string().trim().min(1, 'Commercial license number is required').max(40),
    aaaId: optionalText(40, 'AAA ID'),
    ...passwordFields,
  })
  .refine(passwordsMatch, mismatch);
export type DriverRegistrationForm = z.input<typeof driverRegistrationFormSchema>;

const amount = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => v === '' || typedAmount.test(v), 'Enter an amount like 95 or 95.50');

/** The application as typed: the API's rules, with amounts and specialties as text. */
export const providerApplicationFormSchema = providerApplicationSchema
  .extend({
    visitFee: amount('Visit fee is required'),
    hourlyRate: amount('Hourly rate is required'),
    specialties: optionalText(600, 'Specialties'),
    acceptsAAA: z.boolean(),
    is24Hour: z.boolean(),
    ...passwordFields,
  })
  .refine(passwordsMatch, mismatch);
export type ProviderApplicationForm = z.input<typeof providerApplicationFormSchema>;
