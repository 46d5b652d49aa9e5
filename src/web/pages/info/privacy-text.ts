import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/privacy.en.ts';

export const privacyText = defineCatalog(
  'info.privacy',
  en,
  () => import('./locales/privacy.es.ts'),
);
