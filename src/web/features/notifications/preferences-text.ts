import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/preferences.en.ts';

export const preferencesText = defineCatalog(
  'notifications.preferences',
  en,
  () => import('./locales/preferences.es.ts'),
);
