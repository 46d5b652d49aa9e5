import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/fees.en.ts';

/** The fee box of a booking and of the Book Service dialog. */
export const feesText = defineCatalog('bookings.fees', en, () => import('./locales/fees.es.ts'));
