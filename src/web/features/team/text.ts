import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/team.en.ts';

export const teamText = defineCatalog('team', en, () => import('./locales/team.es.ts'));
