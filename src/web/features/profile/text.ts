import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/profile.en.ts';

export const profileText = defineCatalog('profile', en, () => import('./locales/profile.es.ts'));
