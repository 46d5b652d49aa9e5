import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/app.en.ts';

export const appText = defineCatalog('app', en, () => import('./locales/app.es.ts'));
export type AppKey = keyof typeof en;
