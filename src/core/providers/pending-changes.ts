import { z } from 'zod';
import { serviceTypes } from './catalog.ts';
import { providerSchema } from './schemas.ts';

/**
 * What drivers rely on to find and trust a verified business: a change of any of these goes back
 * to an admin, and the approved values stay in search until one decides.
 */
export const reviewedFields = [
  'businessName',
  'serviceType',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'latitude',
  'longitude',
  'website',
  'email',
  'description',
  'profileImage',
] as const;
export type ReviewedField = (typeof reviewedFields)[number];

export const reviewedFieldLabels: Record<ReviewedField, string> = {
  businessName: 'Business name',
  serviceType: 'Service type',
  phone: 'Phone',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  latitude: 'Map position',
  longitude: 'Map position',
  website: 'Website',
  email: 'Business email',
  description: 'Description',
  profileImage: 'Photo',
};

/** The new values of reviewed fields, waiting for an admin. */
export const pendingValuesSchema = z
  .object({
    businessName: z.string(),
    serviceType: z.enum(serviceTypes),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    website: z.string().nullable(),
    email: z.string().nullable(),
    description: z.string().nullable(),
    /** A new photo's address; its file waits in the upload slot `provider-photo-pending:<id>`. */
    profileImage: z.string().nullable(),
  })
  .partial();
export type PendingValues = z.infer<typeof pendingValuesSchema>;

export const pendingChangesSchema = z.object({
  values: pendingValuesSchema,
  /** When the first of them was sent. */
  since: z.iso.datetime(),
});
export type PendingChanges = z.infer<typeof pendingChangesSchema>;

/** A business as its owner (and admins) see it: with the changes awaiting review. */
export const ownProviderSchema = providerSchema.extend({
  pendingChanges: pendingChangesSchema.nullable(),
});
export type OwnProvider = z.infer<typeof ownProviderSchema>;
