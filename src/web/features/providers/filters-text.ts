import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/filters.en.ts';

/** The filters dialog, loaded with it. */
export const filtersText = defineCatalog(
  'providers.filters',
  en,
  () => import('./locales/filters.es.ts'),
);
export type FiltersKey = keyof typeof en;
