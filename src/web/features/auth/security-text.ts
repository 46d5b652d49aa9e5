import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/security.en.ts';

/** Two-step sign-in's settings and the re-check before a sensitive action. */
export const securityText = defineCatalog(
  'auth.security',
  en,
  () => import('./locales/security.es.ts'),
);
