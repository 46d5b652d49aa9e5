import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/providers.en.ts';

/** The search, the provider cards and badges, shared by the provider's page. */
export const providersText = defineCatalog(
  'providers',
  en,
  () => import('./locales/providers.es.ts'),
);
export type ProvidersKey = keyof typeof en;
