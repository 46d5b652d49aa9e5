import { z } from 'zod';
import { registrationVehicleTypes } from '../users/schemas.ts';
import { typedAmount } from '../providers/business-fields.ts';
import { providerApplicationSchema, type ProviderApplication } from '../providers/schemas.ts';
import {
  emailField,
  messages,
  nameField,
  optionalText,
  passwordField,
  phoneField,
} from '../validation.ts';
import type { RegisterInput } from './schemas.ts';

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

/** A username for accounts made without one: the email's name plus a short random tail. */
export function usernameFromEmail(email: string, random: () => number = Math.random): string {
  const base =
    (email.split('@')[0] ?? 'driver').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30) || 'driver';
  return `${base}-${Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}

export function driverFormToRegister(
  form: z.output<typeof driverRegistrationFormSchema>,
): RegisterInput {
  return {
    username: usernameFromEmail(form.email),
    email: form.email,
    password: form.password,
    name: form.fullName,
    phone: form.phone,
    role: 'driver',
    company: form.company,
    vehicleType: form.vehicleType,
    cdlNumber: form.licenseNumber,
    aaaMemberId: form.aaaId,
  };
}

export function providerFormToApplication(
  form: z.output<typeof providerApplicationFormSchema>,
): ProviderApplication {
  const { confirmPassword: _confirm, visitFee, hourlyRate, specialties, ...rest } = form;
  return {
    ...rest,
    visitFee: Number(visitFee),
    hourlyRate: Number(hourlyRate),
    specialties: (specialties ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
