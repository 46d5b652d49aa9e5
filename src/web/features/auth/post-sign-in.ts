import type { Role } from '#core/users/schemas.ts';

/** Stands in for our origin when reading `next`; only its path, query and hash are kept. */
const HERE = 'https://truckfinder.invalid';

// Inline rather than from core's validation, which would bring zod into the first page's load.
const hasControlCharacters = (text: string) => [...text].some((c) => c.charCodeAt(0) < 32);

/**
 * Only a path of this site may be returned to after sign-in: one leading `/`, no backslash, no
 * control character (browsers drop tabs and newlines, so `/\t/evil.com` would become
 * `//evil.com`), and still on our origin once the browser's URL parser has read it.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  if (next.includes('\\') || hasControlCharacters(next)) return null;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user lands after signing in: back where they were, else /admin for admins, the jobs
 * for a business's dispatchers and technicians (they do not book), and /home for others.
 */
export function landingPathFor(role: Role, next?: string | null): string {
  const home =
    role === 'admin'
      ? '/admin'
      : role === 'dispatcher' || role === 'technician'
        ? '/bookings'
        : '/home';
  return safeNext(next) ?? home;
}
