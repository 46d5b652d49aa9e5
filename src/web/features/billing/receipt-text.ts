import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/receipt.en.ts';

export const receiptText = defineCatalog(
  'billing.receipt',
  en,
  () => import('./locales/receipt.es.ts'),
);
