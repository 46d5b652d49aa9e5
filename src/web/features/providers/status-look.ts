import type { ProviderStatus } from '#core/providers/catalog.ts';
import type { ProvidersKey } from './text.ts';

// How each status looks, without its texts: the profile header and the admin's badges take it
// without the providers' catalog.
export interface StatusLook {
  /** In English; `useStatusText` gives them in the language in use. */
  label: string;
  description: string;
  labelKey: ProvidersKey;
  descriptionKey: ProvidersKey;
  /** Tailwind classes of the dot and badge. */
  dot: string;
  badge: string;
  /** Marker colour on the map. */
  color: string;
}

/** the specified labels; anything unrecognised reads Unknown. */
const looks: Record<ProviderStatus, StatusLook> = {
  available: {
    label: 'Available',
    description: 'Ready to accept new bookings',
    labelKey: 'statusAvailable',
    descriptionKey: 'statusAvailableHint',
    dot: 'bg-green-600',
    badge: 'bg-green-700 text-white',
    color: '#15803d',
  },
  busy: {
    label: 'Busy',
    description: 'Currently working on a job',
    labelKey: 'statusBusy',
    descriptionKey: 'statusBusyHint',
    dot: 'bg-amber-500',
    badge: 'bg-amber-300 text-black',
    color: '#d97706',
  },
  enroute: {
    label: 'En Route',
    description: 'On the way to customer location',
    labelKey: 'statusEnRoute',
    descriptionKey: 'statusEnRouteHint',
    dot: 'bg-blue-600',
    badge: 'bg-blue-700 text-white',
    color: '#1d4ed8',
  },
  offline: {
    label: 'Offline',
    description: 'Not accepting bookings',
    labelKey: 'statusOffline',
    descriptionKey: 'statusOfflineHint',
    dot: 'bg-slate-400',
    badge: 'bg-slate-600 text-white',
    color: '#64748b',
  },
};

const unknown: StatusLook = {
  label: 'Unknown',
  description: 'Status not known',
  labelKey: 'statusUnknown',
  descriptionKey: 'statusUnknownHint',
  dot: 'bg-slate-400',
  badge: 'bg-slate-600 text-white',
  color: '#64748b',
};

export function statusLook(status: string): StatusLook {
  const key = status.toLowerCase() === 'en_route' ? 'enroute' : status.toLowerCase();
  return looks[key as ProviderStatus] ?? unknown;
}
