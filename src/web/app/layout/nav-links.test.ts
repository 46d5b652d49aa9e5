import { describe, expect, it } from 'vitest';
import { mobileColumns, navLinksFor } from './nav-links.ts';

const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

describe('navLinksFor', () => {
  it('keeps the specified links for drivers and for owners without the fleet', () => {
    for (const role of ['driver', 'mechanic', 'admin', undefined] as const) {
      const { desktop, mobile } = navLinksFor(role, false);
      expect(hrefs(desktop)).toEqual(['/home', '/bookings', '/profile']);
      expect(hrefs(mobile)).toEqual(['/', '/search', '/bookings', '/profile']);
    }
  });

  it('gives an owner whose plan has the fleet a Fleet link before Profile', () => {
    const { desktop, mobile } = navLinksFor('mechanic', true);
    expect(hrefs(desktop)).toEqual(['/home', '/bookings', '/fleet', '/profile']);
    expect(hrefs(mobile)).toEqual(['/', '/search', '/bookings', '/fleet', '/profile']);
  });

  it('gives dispatchers Bookings, Fleet (with the fleet) and Profile, and no search', () => {
    expect(hrefs(navLinksFor('dispatcher', true).mobile)).toEqual([
      '/bookings',
      '/fleet',
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
