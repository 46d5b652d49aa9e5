import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/security.en.ts';

/** Account Security's texts: password, email, sessions and deleting the account. */
export const securityText = defineCatalog(
  'profile.security',
  en,
  () => import('./locales/security.es.ts'),
);
