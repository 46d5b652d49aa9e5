import { describe, expect, it } from 'vitest';
import { landingPathFor, safeNext } from './post-sign-in.ts';

describe('safeNext', () => {
  it.each([
    '/bookings',
    '/providers/11111111-1111-4111-8111-111111111111',
    '/search?service=towing&radius=25',
    '/profile#business',
  ])('keeps the path %s of this site', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    ['another site', 'https://evil.com'],
    ['a protocol-relative address', '//evil.com'],
    ['a protocol-relative address with a path', '//evil.com/bookings'],
    ['a backslash the browser reads as a slash', '/\\evil.com'],
    ['a backslash later on', '/\\/evil.com'],
    ['a tab the browser drops', '/\t/evil.com'],
    ['a newline the browser drops', '/\n/evil.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'bookings'],
    ['a scheme with a slash path', 'https:/evil.com'],
    ['nothing', ''],
  ])('refuses %s', (_what, next) => {
    expect(safeNext(next)).toBeNull();
  });

  it('refuses a missing parameter', () => {
    expect(safeNext(null)).toBeNull();
    expect(safeNext(undefined)).toBeNull();
  });
});

describe('landingPathFor', () => {
  it('returns to a path of this site', () => {
    expect(landingPathFor('driver', '/bookings')).toBe('/bookings');
  });

  it("sends a refused next to the role's home instead", () => {
    expect(landingPathFor('driver', '//evil.com')).toBe('/home');
    expect(landingPathFor('admin', 'https://evil.com')).toBe('/admin');
    expect(landingPathFor('mechanic', '/\t/evil.com')).toBe('/home');
    expect(landingPathFor('dispatcher', '//evil.com')).toBe('/bookings');
    expect(landingPathFor('technician')).toBe('/bookings');
  });
});
