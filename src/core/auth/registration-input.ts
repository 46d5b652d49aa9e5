import type { z } from 'zod';
import type { ProviderApplication } from '../providers/schemas.ts';
import type {
  driverRegistrationFormSchema,
  providerApplicationFormSchema,
} from './registration-forms.ts';
import type { RegisterInput } from './schemas.ts';

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
