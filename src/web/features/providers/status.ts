import type { ProviderStatus } from '#core/providers/catalog.ts';

interface StatusLook {
  label: string;
  description: string;
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
    dot: 'bg-green-600',
    badge: 'bg-green-700 text-white',
    color: '#15803d',
  },
  busy: {
    label: 'Busy',
    description: 'Currently working on a job',
    dot: 'bg-amber-500',
    badge: 'bg-amber-300 text-black',
    color: '#d97706',
  },
  enroute: {
    label: 'En Route',
    description: 'On the way to customer location',
    dot: 'bg-blue-600',
    badge: 'bg-blue-700 text-white',
    color: '#1d4ed8',
  },
  offline: {
    label: 'Offline',
    description: 'Not accepting bookings',
    dot: 'bg-slate-400',
    badge: 'bg-slate-600 text-white',
    color: '#64748b',
  },
};

const unknown: StatusLook = {
  label: 'Unknown',
  description: 'Status not known',
  dot: 'bg-slate-400',
  badge: 'bg-slate-600 text-white',
  color: '#64748b',
};

export function statusLook(status: string): StatusLook {
  const key = status.toLowerCase() === 'en_route' ? 'enroute' : status.toLowerCase();
  return looks[key as ProviderStatus] ?? unknown;
}
