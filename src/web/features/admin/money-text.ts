import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/admin-money.en.ts';

/** The Money tab and the card disputes (loaded with them). */
export const adminMoneyText = defineCatalog(
  'admin.money',
  en,
  () => import('./locales/admin-money.es.ts'),
);
