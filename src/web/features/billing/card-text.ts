import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/card.en.ts';

export const cardText = defineCatalog('billing.card', en, () => import('./locales/card.es.ts'));
