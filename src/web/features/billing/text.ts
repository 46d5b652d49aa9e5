import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/billing.en.ts';

export const billingText = defineCatalog('billing', en, () => import('./locales/billing.es.ts'));
