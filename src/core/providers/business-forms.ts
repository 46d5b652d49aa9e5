import { z } from 'zod';
import { businessFieldRules as rules, typedAmount, websiteField } from './business-fields.ts';

/** Profile → Business tab: the API's fields, as typed in the form (empty texts allowed). */
export const businessFormSchema = z.object({
  businessName: rules.businessName,
  serviceType: rules.serviceType,
  description: rules.description.unwrap(),
  address: rules.address,
  city: rules.city,
  state: rules.state,
  zipCode: rules.zipCode,
  phone: rules.phone,
  email: rules.email,
  website: websiteField,
});
export type BusinessForm = z.infer<typeof businessFormSchema>;

const money = (label: string) =>
  z.string().trim().regex(typedAmount, `${label} must be an amount like 95.00`);
const lines = z.string().max(2000);

/** Profile → Services tab: amounts as typed, lists one per line. */
export const servicesFormSchema = z.object({
  visitFee: money('Visit fee'),
  hourlyRate: money('Hourly rate'),
  is24Hour: z.boolean(),
  acceptsAAA: z.boolean(),
  specialties: lines,
  certifications: lines,
});
export type ServicesForm = z.infer<typeof servicesFormSchema>;

/**
 * Profile → Create your business: license and insurance numbers. The API takes a business
 * without them, but the profile asks for them up front so verification can start at once.
 */
export const licenseFormSchema = z.object({
  licenseNumber: rules.licenseNumber,
  insurancePolicy: rules.insurancePolicy,
});
export type LicenseForm = z.infer<typeof licenseFormSchema>;
