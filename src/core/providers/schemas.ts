import { z } from 'zod';
import { emailField, namedField, optionalText, passwordField, phoneField } from '../validation.ts';
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

/** A business's license and insurance numbers: shown only to its owner and admins. */
export const licenseFields = {
  licenseNumber: z
    .string({ message: 'Business license number is required' })
    .trim()
    .min(1, 'Business license number is required')
    .max(60, 'Business license number must be at most 60 characters'),
  insurancePolicy: z
    .string({ message: 'Insurance policy number is required' })
    .trim()
    .min(1, 'Insurance policy number is required')
    .max(60, 'Insurance policy number must be at most 60 characters'),
};

/** POST /api/provider-applications: a mechanic account and its business, awaiting verification. */
export const providerApplicationSchema = z.object({
  businessName: namedField('Business name', 120),
  contactName: namedField('Contact name', 100),
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
  ...licenseFields,
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

/** A full http(s) web address, or empty for none: other schemes (javascript:, data:) are refused. */
export const websiteField = z.union([
  z
    .string()
    .trim()
    .max(500, 'Website must be at most 500 characters')
    .pipe(
      z.url({
        protocol: /^https?$/,
        message: 'Website must be a full address like https://example.com',
      }),
    ),
  z.literal(''),
]);

/** The fields of a business, shared by the API's schemas and the profile's forms. */
export const businessFields = {
  businessName: namedField('Business name', 120),
  serviceType: z.enum(serviceTypes, { message: 'Please select your service type' }),
  description: optionalText(2000, 'Description'),
  address: z.string().trim().min(5, 'Street address is required').max(200),
  city: z.string().trim().min(2, 'City is required').max(80),
  state: z.string().trim().min(2, 'State is required').max(40),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits (or ZIP+4)'),
  phone: phoneField(),
  email: emailField(),
  website: websiteField.optional(),
  visitFee: dollars('Visit fee'),
  hourlyRate: dollars('Hourly rate'),
  is24Hour: z.boolean(),
  acceptsAAA: z.boolean(),
  specialties: list('specialties'),
  certifications: list('certifications'),
  /** A pin on the map; without one, the ZIP code's centre is used. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
};

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
    ...businessFields,
    visitFee: businessFields.visitFee.default(0),
    hourlyRate: businessFields.hourlyRate.optional(),
    is24Hour: businessFields.is24Hour.default(false),
    acceptsAAA: businessFields.acceptsAAA.default(false),
    specialties: businessFields.specialties.default([]),
    certifications: businessFields.certifications.default([]),
    licenseNumber: licenseFields.licenseNumber.optional(),
    insurancePolicy: licenseFields.insurancePolicy.optional(),
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
  .object({ ...businessFields, status: providerStatusField })
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
