// Without zod: the web app's API client reads these on every page (docs/decisions/031).
/** What an admin without a second factor is told by every /api/admin route. */
export const ADMIN_NEEDS_SECOND_FACTOR = 'Set up two-step sign-in to use the admin console';
/** A sensitive action (role change, export, outbox) needs a fresh proof: the client asks for one. */
export const STEP_UP_REQUIRED =
  'For your security, confirm it is you: enter your password or a two-step code to continue.';
/** How long a proof of identity (sign-in or step-up) covers sensitive actions. */
export const STEP_UP_MINUTES = 10;
