import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/reports.en.ts';

export const reportsText = defineCatalog('reports', en, () => import('./locales/reports.es.ts'));
export type ReportsKey = keyof typeof en;
