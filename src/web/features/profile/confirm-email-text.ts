import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/confirm-email.en.ts';

export const confirmEmailText = defineCatalog(
  'profile.confirmEmail',
  en,
  () => import('./locales/confirm-email.es.ts'),
);
