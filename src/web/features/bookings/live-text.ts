import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/live.en.ts';

/** The provider on the map while a job is in progress (My Bookings and a shared job's page). */
export const liveText = defineCatalog('bookings.live', en, () => import('./locales/live.es.ts'));
