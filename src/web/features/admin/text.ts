import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/admin.en.ts';

/** The console, its tabs and their shared parts. */
export const adminText = defineCatalog('admin', en, () => import('./locales/admin.es.ts'));
export type AdminKey = keyof typeof en;
