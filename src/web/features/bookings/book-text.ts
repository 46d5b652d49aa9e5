import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/book.en.ts';

/** The Book Service dialog and what follows a request (sent, queued, refused). */
export const bookText = defineCatalog('bookings.book', en, () => import('./locales/book.es.ts'));
