import { z } from 'zod';
import { bookServiceFormToInput, type BookServiceForm } from '../bookings/book-form.ts';
import { createBookingSchema } from '../bookings/schemas.ts';
import { serviceOptionsFor, serviceTypes, type ServiceType } from '../providers/catalog.ts';

/**
 * One request for help sent to several providers at once: the first to accept gets the job, and
 * while nobody does it widens by itself. See docs/product.md §5 and docs/decisions/030-help-requests.md.
 */
export const HELP_PROVIDERS_PER_STEP = 5;
/** The circles a request widens through, in miles; after the last one it ends unanswered. */
export const HELP_RADII_MILES = [25, 50, 100] as const;
export const HELP_ESCALATE_AFTER_MS_DEFAULT = 5 * 60_000;

export const helpRequestStatuses = ['open', 'booked', 'cancelled', 'unanswered'] as const;
export type HelpRequestStatus = (typeof helpRequestStatuses)[number];

/** An invited provider's side: asked, then declined or accepted; the others of a won request are told it is taken. */
export const inviteStatuses = ['asked', 'declined', 'accepted', 'taken', 'withdrawn'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

export const HELP_TAKEN = 'Another provider already took this request';
export const HELP_CLOSED = 'This request is no longer open';
export const HELP_NOT_INVITED = 'Help request not found';

/** The provider types that offer a service (Brake Repair → mobile mechanics). */
export const providerTypesFor = (service: string): ServiceType[] =>
  serviceTypes.filter((type) => serviceOptionsFor(type).includes(service));

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

/** "3 providers asked · 1 declined · widening to 50 mi": a request's progress in one line. */
export function helpProgress(request: HelpRequest): string {
  const asked = request.invites.length;
  const declined = request.invites.filter((i) => i.status === 'declined').length;
  const parts = [`${asked} provider${asked === 1 ? '' : 's'} asked`];
  if (declined) parts.push(`${declined} declined`);
  if (request.status === 'open' && request.radiusMiles > HELP_RADII_MILES[0])
    parts.push(`widening to ${request.radiusMiles} mi`);
  return parts.join(' · ');
}

/** Every service some provider offers, for the request's service list. */
export const helpServices: string[] = [...new Set(serviceTypes.flatMap(serviceOptionsFor))];

/** The request a help dialog sends: the Book Service form's fields, wanted as soon as possible. */
export function helpRequestFormToInput(
  form: BookServiceForm,
  position: { latitude: number; longitude: number },
  providerIds: string[],
): CreateHelpRequestInput {
  const { providerId: _none, ...fields } = bookServiceFormToInput(
    '',
    { ...form, preferredTime: 'asap' },
    position,
  );
  return {
    ...fields,
    latitude: position.latitude,
    longitude: position.longitude,
    ...(providerIds.length ? { providerIds } : {}),
  };
}
