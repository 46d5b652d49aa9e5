import { z } from 'zod';
import { emailField, optionalText, passwordField, phoneField } from '../validation.ts';
import { providerStatuses, serviceTypes, verificationStatuses } from './catalog.ts';

const dollars = (label: string) =>
  z
    .number({ message: `${label} is required` })
    .min(0, `${label} must be 0 or more`)
    .max(999_999.99, `${label} must be at most 999,999.99`)
    .multipleOf(0.01, `${label} must be in whole cents`);

const list = (label: string) =>
  z.array(z.string().trim().min(1).max(60)).max(30, `At most 30 ${label}`);

/** A provider as the API shows it. License and insurance numbers stay with the owner and admins. */
export const providerSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  businessName: z.string(),
  serviceType: z.enum(serviceTypes),
  description: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  visitFee: z.number(),
  hourlyRate: z.number().nullable(),
  status: z.enum(providerStatuses),
  rating: z.number(),
  reviewCount: z.number().int(),
  certifications: z.array(z.string()),
  specialties: z.array(z.string()),
  is24Hour: z.boolean(),
  acceptsAAA: z.boolean(),
  profileImage: z.string().nullable(),
  verification: z.enum(verificationStatuses),
  createdAt: z.iso.datetime(),
});
export type Provider = z.infer<typeof providerSchema>;

/** POST /api/provider-applications: a mechanic account and its business, awaiting verification. */
export const providerApplicationSchema = z.object({
  businessName: z.string().trim().min(2, 'Business name must be at least 2 characters').max(120),
  contactName: z.string().trim().min(2, 'Contact name must be at least 2 characters').max(100),
  email: emailField(),
  phone: phoneField(),
  serviceType: z.enum(serviceTypes, { message: 'Please select your service type' }),
  businessAddress: z.string().trim().min(5, 'Business address is required').max(200),
  city: z.string().trim().min(2, 'City is required').max(80),
  state: z.string().trim().min(2, 'State is required').max(40),
  zipCode: z.string().trim().min(5, 'ZIP code is required').max(10),
  visitFee: dollars('Visit fee'),
  hourlyRate: dollars('Hourly rate'),
  specialties: list('specialties').default([]),
  description: optionalText(2000, 'Description'),
  acceptsAAA: z.boolean().default(false),
  is24Hour: z.boolean().default(false),
  licenseNumber: z.string().trim().min(1, 'Business license number is required').max(60),
  insurancePolicy: z.string().trim().min(1, 'Insurance policy number is required').max(60),
  password: passwordField(),
});
export type ProviderApplication = z.infer<typeof providerApplicationSchema>;
