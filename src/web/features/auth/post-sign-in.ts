import type { Role } from '../../../core/users/schemas.ts';

/** Only same-site paths may be returned to after sign-in. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  return next;
}

/** Where a user lands after signing in: back where they were, else /admin for admins and /home for others. */
export function landingPathFor(role: Role, next?: string | null): string {
  return safeNext(next) ?? (role === 'admin' ? '/admin' : '/home');
}
