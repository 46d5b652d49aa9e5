import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/support.en.ts';

export const supportText = defineCatalog(
  'info.support',
  en,
  () => import('./locales/support.es.ts'),
);
