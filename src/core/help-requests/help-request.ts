import { z } from 'zod';
import { createBookingSchema } from '../bookings/schemas.ts';
import {
  helpRequestStatuses,
  HELP_PROVIDERS_PER_STEP,
  inviteStatuses,
  providerTypesFor,
} from './help-request-rules.ts';

export const createHelpRequestSchema = createBookingSchema
  .omit({ providerId: true, driverId: true })
  .extend({
    latitude: z.number({ message: 'Share your location to ask nearby providers' }).min(-90).max(90),
    longitude: z
      .number({ message: 'Share your location to ask nearby providers' })
      .min(-180)
      .max(180),
    /** Hand-picked from the list; without them the nearest best providers are asked. */
    providerIds: z
      .array(z.uuid({ message: 'Expected a valid provider id' }))
      .min(1, 'Choose at least one provider')
      .max(HELP_PROVIDERS_PER_STEP, `Choose at most ${HELP_PROVIDERS_PER_STEP} providers`)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each provider once')
      .optional(),
  })
  .refine((v) => providerTypesFor(v.serviceType).length > 0, {
    message: 'Choose a service providers offer',
    path: ['serviceType'],
  });
export type CreateHelpRequestInput = z.infer<typeof createHelpRequestSchema>;

export const helpRequestParams = z.object({ id: z.uuid({ message: 'Expected a valid id' }) });

export const inviteSchema = z.object({
  providerId: z.uuid(),
  businessName: z.string(),
  status: z.enum(inviteStatuses),
  round: z.number().int(),
});

/** The driver's view: every step and every provider asked. */
export const helpRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(helpRequestStatuses),
  serviceType: z.string(),
  radiusMiles: z.number(),
  round: z.number().int(),
  nextStepAt: z.iso.datetime().nullable(),
  bookingId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  invites: z.array(inviteSchema),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

/** A provider's view of a request they were asked: the job, where, and their own answer. */
export const helpInviteSchema = z.object({
  id: z.uuid(),
  providerId: z.uuid(),
  status: z.enum(inviteStatuses),
  requestStatus: z.enum(helpRequestStatuses),
  serviceType: z.string(),
  description: z.string(),
  vehicleDetails: z.string().nullable(),
  location: z.string().nullable(),
  truckLocation: z.string().nullable(),
  /** The job's details and place: only while the provider may still take it, or once they have. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  askedAt: z.iso.datetime(),
  /** The truck stands beside moving traffic; true only for providers on a paying plan. */
  emergency: z.boolean(),
});
export type HelpInvite = z.infer<typeof helpInviteSchema>;
