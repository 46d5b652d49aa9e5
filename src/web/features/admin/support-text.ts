import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/admin-support.en.ts';

/** The support queue and the account manager's dialog (loaded with them). */
export const adminSupportText = defineCatalog(
  'admin.support',
  en,
  () => import('./locales/admin-support.es.ts'),
);
