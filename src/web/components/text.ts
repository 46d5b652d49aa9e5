import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/components.en.ts';

/** The shared components' texts. */
export const componentsText = defineCatalog(
  'components',
  en,
  () => import('./locales/components.es.ts'),
);
