import { providerStatuses, type ProviderStatus } from '#core/providers/catalog.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { statusLook } from '#web/features/providers/index.ts';

/** A provider status as a client may spell it (en_route is stored as enroute). */
export type ToggleStatus = Exclude<ProviderStatus, 'enroute'> | 'en_route';

/** The status to send to set `status` (the API accepts either spelling of En Route). */
export const toggleFor = (status: ProviderStatus): ToggleStatus =>
  status === 'enroute' ? 'en_route' : status;

/** The four statuses the test sends. */
export const toggleStatuses: readonly ToggleStatus[] = providerStatuses.map(toggleFor);

/** Each status as the app labels it. */
export const toggleLabels = Object.fromEntries(
  toggleStatuses.map((status) => [status, statusLook(status).label]),
) as Record<ToggleStatus, string>;

/** The refresh period of the auto-refresh switch. */
export const AUTO_REFRESH_MS = 5_000;
/** How long a status change may take to come back on the events stream before it counts as lost. */
export const EVENT_TIMEOUT_MS = 5_000;

/** How the server stores a status sent as `status`: lower case, en_route as enroute. */
export function normaliseStatus(status: string): string {
  const lower = status.trim().toLowerCase();
  return lower === 'en_route' ? 'enroute' : lower;
}

/** Who may change a provider's status here: its owner (a mechanic), an admin, or nobody. */
export type Toggler = 'owner' | 'admin' | 'none';

export function togglerFor(user: Pick<PublicUser, 'role'> | null | undefined): Toggler {
  if (user?.role === 'admin') return 'admin';
  if (user?.role === 'mechanic') return 'owner';
  return 'none';
}

/** A status change this page sent, and when (performance.now()). */
export interface SentToggle {
  seq: number;
  providerId: string;
  status: ToggleStatus;
  sentAt: number;
  /** Set once the matching provider-status event arrived. */
  heardAt?: number;
}

/**
 * The toggle a provider-status event answers: the oldest one not yet heard for that provider and
 * status, sent before the event arrived. Null for a change this page did not send.
 */
export function matchEvent(
  toggles: readonly SentToggle[],
  event: { id: string; status: string },
  receivedAt: number,
): SentToggle | null {
  const status = normaliseStatus(event.status);
  let found: SentToggle | null = null;
  for (const toggle of toggles) {
    if (toggle.providerId !== event.id || toggle.heardAt !== undefined) continue;
    if (normaliseStatus(toggle.status) !== status || toggle.sentAt > receivedAt) continue;
    if (!found || toggle.sentAt < found.sentAt) found = toggle;
  }
  return found;
}
