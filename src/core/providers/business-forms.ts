import { z } from 'zod';
import { emailField, phoneField } from '../validation.ts';
import { serviceTypes } from './catalog.ts';
import type { Provider, UpdateBusinessInput } from './schemas.ts';

/** Profile → Business tab. */
export const businessFormSchema = z.object({
  businessName: z.string().trim().min(2, 'Business name must be at least 2 characters').max(120),
  serviceType: z.enum(serviceTypes, { message: 'Please select your service type' }),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  address: z.string().trim().min(5, 'Street address is required').max(200),
  city: z.string().trim().min(2, 'City is required').max(80),
  state: z.string().trim().min(2, 'State is required').max(40),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits (or ZIP+4)'),
  phone: phoneField(),
  email: emailField(),
  website: z.union([
    z.url({ message: 'Website must be a full address like https://example.com' }),
    z.literal(''),
  ]),
});
export type BusinessForm = z.infer<typeof businessFormSchema>;

const money = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, `${label} must be an amount like 95.00`);
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

const toList = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 30);

export const businessFormFrom = (p: Provider): BusinessForm => ({
  businessName: p.businessName,
  serviceType: p.serviceType,
  description: p.description ?? '',
  address: p.address ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  zipCode: p.zipCode ?? '',
  phone: p.phone ?? '',
  email: p.email ?? '',
  website: p.website ?? '',
});

export const servicesFormFrom = (p: Provider): ServicesForm => ({
  visitFee: p.visitFee.toFixed(2),
  hourlyRate: (p.hourlyRate ?? 0).toFixed(2),
  is24Hour: p.is24Hour,
  acceptsAAA: p.acceptsAAA,
  specialties: p.specialties.join('\n'),
  certifications: p.certifications.join('\n'),
});

export const servicesFormToInput = (form: ServicesForm): UpdateBusinessInput => ({
  visitFee: Number(form.visitFee),
  hourlyRate: Number(form.hourlyRate),
  is24Hour: form.is24Hour,
  acceptsAAA: form.acceptsAAA,
  specialties: toList(form.specialties),
  certifications: toList(form.certifications),
});
