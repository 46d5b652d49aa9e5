import { CalendarCheck, Home, Search, User, type LucideIcon } from 'lucide-react';

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

/** Active when the path equals `/` exactly, or starts with any other link. */
export const isActive = (href: string, path: string) =>
  href === '/' ? path === '/' : path.startsWith(href);
