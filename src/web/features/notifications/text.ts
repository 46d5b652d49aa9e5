import { defineCatalog } from '#web/lib/i18n.ts';
import bellEn from './locales/bell.en.ts';

/** The header's bell and its dialog. */
export const bellText = defineCatalog(
  'notifications.bell',
  bellEn,
  () => import('./locales/bell.es.ts'),
);
