import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/help.en.ts';

/** A driver's help requests and the requests a provider was asked, on My Bookings. */
export const helpText = defineCatalog('help-requests', en, () => import('./locales/help.es.ts'));
