import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/track.en.ts';

/** The public page of a shared job. */
export const trackText = defineCatalog('bookings.track', en, () => import('./locales/track.es.ts'));
