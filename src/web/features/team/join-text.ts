import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/join.en.ts';

export const joinText = defineCatalog('team.join', en, () => import('./locales/join.es.ts'));
