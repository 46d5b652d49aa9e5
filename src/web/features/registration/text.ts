import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/registration.en.ts';

export const registrationText = defineCatalog(
  'registration',
  en,
  () => import('./locales/registration.es.ts'),
);
