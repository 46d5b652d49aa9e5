import { z } from 'zod';
import { MAX_DOLLARS } from '../money.ts';
import { emailField, namedField, optionalText, phoneField } from '../validation.ts';
import { serviceTypes } from './catalog.ts';

/** An amount as typed in a form: up to 6 digits, then up to 2 decimals. */
export const typedAmount = /^\d{1,6}(\.\d{1,2})?$/;

const dollars = (label: string) =>
  z
    .number({ message: `${label} is required` })
    .min(0, `${label} must be 0 or more`)
    .max(MAX_DOLLARS, `${label} must be at most 999,999.99`)
    .multipleOf(0.01, `${label} must be in whole cents`);

const list = (label: string) =>
  z.array(z.string().trim().min(1).max(60)).max(30, `At most 30 ${label}`);

const referenceNumber = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`);

/** The address rule; forms that name the field differently word its message their own way. */
export const streetAddressField = (required: string) => z.string().trim().min(5, required).max(200);

export const serviceTypeField = (message: string) => z.enum(serviceTypes, { message });

/** A US ZIP code, 5 digits or ZIP+4. */
export const zipCodeField = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, message);

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

/**
 * A business's fields, each limit and message written once. The API's schemas, the provider
 * application, the profile's forms and admin's Add Provider pick from here (and make fields
 * optional or defaulted where they take them so).
 */
export const businessFieldRules = {
  businessName: namedField('Business name', 120),
  serviceType: serviceTypeField('Please select your service type'),
  description: optionalText(2000, 'Description'),
  address: streetAddressField('Street address is required'),
  city: z.string().trim().min(2, 'City is required').max(80),
  state: z.string().trim().min(2, 'State is required').max(40),
  zipCode: zipCodeField('ZIP code must be 5 digits (or ZIP+4)'),
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
  /** Shown only to the business's owner and admins. */
  licenseNumber: referenceNumber('Business license number'),
  insurancePolicy: referenceNumber('Insurance policy number'),
};
