import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/paused.en.ts';

export const pausedText = defineCatalog('team.paused', en, () => import('./locales/paused.es.ts'));
