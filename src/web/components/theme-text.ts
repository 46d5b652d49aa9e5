import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/theme.en.ts';

export const themeText = defineCatalog('theme', en, () => import('./locales/theme.es.ts'));
