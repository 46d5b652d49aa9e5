import { z } from 'zod';
import { namedField, optionalText, passwordField } from '../validation.ts';
import { businessFieldRules as rules, streetAddressField } from './business-fields.ts';
import { providerStatuses, serviceTypes, verificationStatuses } from './catalog.ts';

export { websiteField } from './business-fields.ts';

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
  businessName: rules.businessName,
  contactName: namedField('Contact name', 100),
  email: rules.email,
  phone: rules.phone,
  serviceType: rules.serviceType,
  businessAddress: streetAddressField('Business address is required'),
  city: rules.city,
  state: rules.state,
  zipCode: z.string().trim().min(5, 'ZIP code is required').max(10),
  visitFee: rules.visitFee,
  hourlyRate: rules.hourlyRate,
  specialties: rules.specialties.default([]),
  description: rules.description,
  acceptsAAA: rules.acceptsAAA.default(false),
  is24Hour: rules.is24Hour.default(false),
  licenseNumber: rules.licenseNumber,
  insurancePolicy: rules.insurancePolicy,
  password: passwordField(),
});
export type ProviderApplication = z.infer<typeof providerApplicationSchema>;

/** A provider's status as a client may send it: en_route is accepted for enroute, in any case. */
export const providerStatusField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => (v === 'en_route' ? 'enroute' : v))
  .pipe(
    z.enum(providerStatuses, { message: 'Status must be available, busy, enroute or offline' }),
  );

/** PUT /api/providers/{id}/status: the availability switch. */
export const providerStatusChangeSchema = z.object({ status: providerStatusField });

const pinTogether = (v: { latitude?: number | undefined; longitude?: number | undefined }) =>
  (v.latitude === undefined) === (v.longitude === undefined);
const pinMessage = { message: 'Send latitude and longitude together', path: ['latitude'] };

/**
 * POST /api/service-providers: a mechanic's business, awaiting verification. `userId`, when sent,
 * must be the caller's own id. Without fees, the visit fee is 0 and the hourly rate unset; license
 * and insurance numbers may follow later (the profile's form asks for them).
 */
export const createBusinessSchema = z
  .object({
    userId: z.uuid({ message: 'Expected a user id' }).optional(),
    ...rules,
    visitFee: rules.visitFee.default(0),
    hourlyRate: rules.hourlyRate.optional(),
    is24Hour: rules.is24Hour.default(false),
    acceptsAAA: rules.acceptsAAA.default(false),
    specialties: rules.specialties.default([]),
    certifications: rules.certifications.default([]),
    licenseNumber: rules.licenseNumber.optional(),
    insurancePolicy: rules.insurancePolicy.optional(),
  })
  .strict()
  .refine(pinTogether, pinMessage);
export type CreateBusinessInput = z.infer<typeof createBusinessSchema>;
/** The body a client sends: defaulted fields may be left out. */
export type CreateBusinessRequest = z.input<typeof createBusinessSchema>;

/**
 * PATCH /api/service-providers/{id}: any of the business fields, and the status as the
 * availability switch takes it. Verification, rating and review count are not among them: they
 * come from admins and reviews.
 */
export const updateBusinessSchema = z
  .object(rules)
  .omit({ licenseNumber: true, insurancePolicy: true })
  .extend({ status: providerStatusField })
  .partial()
  .strict()
  .refine(pinTogether, pinMessage);
export type UpdateBusinessInput = z.infer<typeof updateBusinessSchema>;

/** PATCH /api/admin/providers/{id}: an admin approves or rejects a business. */
export const verificationDecisionSchema = z.object({
  verification: z.enum(['approved', 'rejected'], {
    message: 'Verification must be approved or rejected',
  }),
  reason: optionalText(500, 'Reason'),
});
export type VerificationDecision = z.infer<typeof verificationDecisionSchema>;
