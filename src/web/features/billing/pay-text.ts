import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/pay.en.ts';

export const payText = defineCatalog('billing.pay', en, () => import('./locales/pay.es.ts'));
