import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/terms.en.ts';

export const termsText = defineCatalog('info.terms', en, () => import('./locales/terms.es.ts'));
