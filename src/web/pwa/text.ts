import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/pwa.en.ts';

/** The install card and the offline notice (the service worker's texts are in push-handlers). */
export const pwaText = defineCatalog('pwa', en, () => import('./locales/pwa.es.ts'));
