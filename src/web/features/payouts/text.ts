import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/payouts.en.ts';

export const payoutsText = defineCatalog('payouts', en, () => import('./locales/payouts.es.ts'));
