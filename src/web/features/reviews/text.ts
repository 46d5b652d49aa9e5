import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/reviews.en.ts';

/** Ratings, the reviews list and the Rate Service dialog. */
export const reviewsText = defineCatalog('reviews', en, () => import('./locales/reviews.es.ts'));
