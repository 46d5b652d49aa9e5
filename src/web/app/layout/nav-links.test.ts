import { describe, expect, it } from 'vitest';
import { mobileColumns, navLinksFor } from './nav-links.ts';

const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

describe('navLinksFor', () => {
  it('keeps the specified links for drivers and admins', () => {
    for (const role of ['driver', 'admin', undefined] as const) {
      const { desktop, mobile } = navLinksFor(role, false);
      expect(hrefs(desktop)).toEqual(['/home', '/bookings', '/profile']);
      expect(hrefs(mobile)).toEqual(['/', '/search', '/bookings', '/profile']);
    }
  });

  it('gives every owner Reports before Profile (the statements are on every plan)', () => {
    const { desktop, mobile } = navLinksFor('mechanic', false);
    expect(hrefs(desktop)).toEqual(['/home', '/bookings', '/reports', '/profile']);
    expect(hrefs(mobile)).toEqual(['/', '/search', '/bookings', '/reports', '/profile']);
  });

  it('gives an owner whose plan has the fleet Fleet and Reports, Home leaving the phone bar', () => {
    const { desktop, mobile } = navLinksFor('mechanic', true);
    expect(hrefs(desktop)).toEqual(['/home', '/bookings', '/fleet', '/reports', '/profile']);
    expect(hrefs(mobile)).toEqual(['/search', '/bookings', '/fleet', '/reports', '/profile']);
  });

  it('gives dispatchers Bookings, Fleet and Reports (on Enterprise) and Profile, and no search', () => {
    expect(hrefs(navLinksFor('dispatcher', true).mobile)).toEqual([
      '/bookings',
      '/fleet',
      '/reports',
      '/profile',
    ]);
    expect(hrefs(navLinksFor('dispatcher', false).desktop)).toEqual(['/bookings', '/profile']);
  });

  it('gives technicians Bookings and Profile only, even on a plan with the fleet', () => {
    expect(hrefs(navLinksFor('technician', true).desktop)).toEqual(['/bookings', '/profile']);
  });

  it('has a bottom-bar column class for every bar', () => {
    for (const role of ['driver', 'mechanic', 'dispatcher', 'technician'] as const)
      for (const fleet of [true, false])
        expect(mobileColumns[navLinksFor(role, fleet).mobile.length]).toBeTruthy();
  });
});
