import type { PublicUser } from '#core/users/schemas.ts';
import { preloadable } from '#web/lib/preloadable.ts';

/** Whether the account has an email or phone to confirm: the banner above every page asks for it. */
export const hasContactsToConfirm = (user: PublicUser | null | undefined): user is PublicUser =>
  Boolean(user && !(user.contacts.emailConfirmed && user.contacts.phoneConfirmed));

/**
 * The banner above every page (app/layout/app-layout.tsx). Its code loads before the account is
 * on the screen: with the first page's data (app/router.tsx `preloadPageData`) and before a
 * sign-in or sign-up shows the account (auth's `startSignedIn`), so the first render has it.
 * Loaded after, it pushed the whole page down (165 px on a phone).
 */
export const contactsBanner = preloadable(async () => ({
  default: (await import('./components/contacts-banner.tsx')).ContactsBanner,
}));
