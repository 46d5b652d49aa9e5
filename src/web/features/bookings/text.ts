import { defineCatalog, type Translate } from '#web/lib/i18n.ts';
import en from './locales/bookings.en.ts';

/** My Bookings: both sides' cards, their dialogs, share links and queued requests. */
export const bookingsText = defineCatalog('bookings', en, () => import('./locales/bookings.es.ts'));
export type BookingsTranslate = Translate<keyof typeof en>;
