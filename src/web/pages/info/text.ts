import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/info.en.ts';

/** The frame of the text pages; each page declares its own catalog beside it. */
export const infoText = defineCatalog('info', en, () => import('./locales/info.es.ts'));
