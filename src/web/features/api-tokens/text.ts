import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/api-tokens.en.ts';

/** The owner's API section of the Business tab (loaded with it). */
export const apiTokensText = defineCatalog(
  'apiTokens',
  en,
  () => import('./locales/api-tokens.es.ts'),
);
