import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/webhooks.en.ts';

export const webhooksText = defineCatalog('webhooks', en, () => import('./locales/webhooks.es.ts'));
export type WebhooksKey = keyof typeof en;
