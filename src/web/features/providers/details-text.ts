import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/details.en.ts';

/** The provider's page, loaded with it. */
export const detailsText = defineCatalog(
  'providers.details',
  en,
  () => import('./locales/details.es.ts'),
);
