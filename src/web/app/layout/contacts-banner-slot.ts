import type { PublicUser } from '#core/users/schemas.ts';
import { preloadable } from '#web/lib/preloadable.ts';

/** Whether the account has an email or phone to confirm: the banner above every page asks for it. */
export const hasContactsToConfirm = (user: PublicUser | null | undefined): user is PublicUser =>
  Boolean(user && !(user.contacts.emailConfirmed && user.contacts.phoneConfirmed));

/**
 * The banner's code loads with the first page's data (app/router.tsx `preloadPageData`), so the
 * first render has it: loaded after, it pushed the whole page down (165 px on a phone).
 */
export const contactsBanner = preloadable(async () => ({
  default: (await import('#web/features/contacts/index.ts')).ContactsBanner,
}));
