import { z } from 'zod';
import { serviceTypes } from './catalog.ts';
import { providerSchema } from './schemas.ts';

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
