import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/sign-out.en.ts';

/** What signing out says: its own catalog, so the pages with Sign Out do not load the landing page's texts. */
export const signOutText = defineCatalog(
  'auth.signOut',
  en,
  () => import('./locales/sign-out.es.ts'),
);
