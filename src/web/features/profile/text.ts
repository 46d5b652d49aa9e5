import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/profile.en.ts';
import securityEn from './locales/security.en.ts';

export const profileText = defineCatalog('profile', en, () => import('./locales/profile.es.ts'));
export const securityText = defineCatalog(
  'profile.security',
  securityEn,
  () => import('./locales/security.es.ts'),
);
