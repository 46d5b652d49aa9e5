import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/fleet.en.ts';

/** The fleet dashboard: figures, map, technicians and today's board. */
export const fleetText = defineCatalog('fleet', en, () => import('./locales/fleet.es.ts'));
