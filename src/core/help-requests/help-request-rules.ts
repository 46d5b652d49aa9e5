import { bookServiceFormToInput } from '../bookings/book-form-input.ts';
import type { BookServiceForm } from '../bookings/book-form.ts';
import { serviceOptionsFor, serviceTypes, type ServiceType } from '../providers/catalog.ts';
import type { CreateHelpRequestInput, HelpRequest } from './help-request.ts';

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
