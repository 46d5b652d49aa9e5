import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/language.en.ts';

export const languageText = defineCatalog(
  'auth.language',
  en,
  () => import('./locales/language.es.ts'),
);
