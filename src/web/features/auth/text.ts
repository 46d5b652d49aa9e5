import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/auth.en.ts';

export const authText = defineCatalog('auth', en, () => import('./locales/auth.es.ts'));
