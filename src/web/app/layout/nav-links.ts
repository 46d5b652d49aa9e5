import {
  CalendarCheck,
  ChartColumn,
  Home,
  Map as MapIcon,
  Search,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '#core/users/roles.ts';
import type { AppKey } from '../text.ts';

export interface NavLink {
  href: string;
  /** The link's text in the app's catalog. */
  label: AppKey;
  icon: LucideIcon;
}

/** As specified: the desktop bar and the mobile bottom bar. */
export const desktopLinks: NavLink[] = [
  { href: '/home', label: 'findServices', icon: Search },
  { href: '/bookings', label: 'myBookings', icon: CalendarCheck },
  { href: '/profile', label: 'profile', icon: User },
];

export const mobileLinks: NavLink[] = [
  { href: '/', label: 'home', icon: Home },
  { href: '/search', label: 'search', icon: Search },
  { href: '/bookings', label: 'bookings', icon: CalendarCheck },
  { href: '/profile', label: 'profile', icon: User },
];

const fleetLink: NavLink = { href: '/fleet', label: 'fleet', icon: MapIcon };
const reportsLink: NavLink = { href: '/reports', label: 'reports', icon: ChartColumn };
const bookingsLink: NavLink = { href: '/bookings', label: 'bookings', icon: CalendarCheck };
const profileLink: NavLink = { href: '/profile', label: 'profile', icon: User };

/** Only these roles ever see Fleet, and only while their business's plan has it. */
export const fleetRoles: readonly Role[] = ['mechanic', 'dispatcher'];

/**
 * The links of a role. Team members do not book: a dispatcher has Bookings, Fleet and Reports
 * (when the business's plan has them, i.e. Enterprise) and Profile; a technician Bookings and
 * Profile. An owner always has Reports (the monthly statements are on every plan) and, when the
 * plan has the fleet, Fleet, both before Profile; on the phone's bar, where five links fit, that
 * owner's Home gives way (the logo leads home). Everyone else keeps the specified links.
 */
export function navLinksFor(
  role: Role | undefined,
  hasFleet: boolean,
): { desktop: NavLink[]; mobile: NavLink[] } {
  const fleet = hasFleet && role !== undefined && fleetRoles.includes(role);
  if (role === 'dispatcher' || role === 'technician') {
    const links = fleet
      ? [bookingsLink, fleetLink, reportsLink, profileLink]
      : [bookingsLink, profileLink];
    return { desktop: links, mobile: links };
  }
  if (role !== 'mechanic') return { desktop: desktopLinks, mobile: mobileLinks };
  const extra = fleet ? [fleetLink, reportsLink] : [reportsLink];
  const beforeProfile = (links: NavLink[]) => [...links.slice(0, -1), ...extra, ...links.slice(-1)];
  const mobile = beforeProfile(mobileLinks);
  return {
    desktop: beforeProfile(desktopLinks),
    mobile: mobile.length > 5 ? mobile.filter((link) => link.href !== '/') : mobile,
  };
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
