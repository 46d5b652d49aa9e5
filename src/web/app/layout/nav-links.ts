import { CalendarCheck, Home, Map as MapIcon, Search, User, type LucideIcon } from 'lucide-react';
import type { Role } from '#core/users/roles.ts';

export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** As specified: the desktop bar and the mobile bottom bar. */
export const desktopLinks: NavLink[] = [
  { href: '/home', label: 'Find Services', icon: Search },
  { href: '/bookings', label: 'My Bookings', icon: CalendarCheck },
  { href: '/profile', label: 'Profile', icon: User },
];

export const mobileLinks: NavLink[] = [
  { href: '/', label: 'Home', icon: Home },
  { href: '/search', label: 'Search', icon: Search },
  { href: '/bookings', label: 'Bookings', icon: CalendarCheck },
  { href: '/profile', label: 'Profile', icon: User },
];

const fleetLink: NavLink = { href: '/fleet', label: 'Fleet', icon: MapIcon };
const bookingsLink: NavLink = { href: '/bookings', label: 'Bookings', icon: CalendarCheck };
const profileLink: NavLink = { href: '/profile', label: 'Profile', icon: User };

/** Only these roles ever see Fleet, and only while their business's plan has it. */
export const fleetRoles: readonly Role[] = ['mechanic', 'dispatcher'];

/**
 * The links of a role. Team members do not book: a dispatcher has Bookings, Fleet (when the
 * business's plan has it) and Profile; a technician Bookings and Profile. An owner whose plan has
 * the fleet gets Fleet before Profile. Everyone else keeps the specified links.
 */
export function navLinksFor(
  role: Role | undefined,
  hasFleet: boolean,
): { desktop: NavLink[]; mobile: NavLink[] } {
  const fleet = hasFleet && role !== undefined && fleetRoles.includes(role);
  if (role === 'dispatcher' || role === 'technician') {
    const links = fleet ? [bookingsLink, fleetLink, profileLink] : [bookingsLink, profileLink];
    return { desktop: links, mobile: links };
  }
  if (!fleet) return { desktop: desktopLinks, mobile: mobileLinks };
  const beforeProfile = (links: NavLink[]) => [
    ...links.slice(0, -1),
    fleetLink,
    ...links.slice(-1),
  ];
  return { desktop: beforeProfile(desktopLinks), mobile: beforeProfile(mobileLinks) };
}

/** The bottom bar's columns: one per link (at most five fit a 320 px phone). */
export const mobileColumns: Record<number, string> = {
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
  5: 'grid-cols-5',
};

/** Active when the path equals `/` exactly, or starts with any other link. */
export const isActive = (href: string, path: string) =>
  href === '/' ? path === '/' : path.startsWith(href);
