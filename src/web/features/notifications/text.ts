import { defineCatalog } from '#web/lib/i18n.ts';
import bellEn from './locales/bell.en.ts';
import pushEn from './locales/push.en.ts';

/** The header's bell and its dialog. */
export const bellText = defineCatalog(
  'notifications.bell',
  bellEn,
  () => import('./locales/bell.es.ts'),
);

/** This device's push: the Settings switch and the prompt. */
export const pushText = defineCatalog(
  'notifications.push',
  pushEn,
  () => import('./locales/push.es.ts'),
);
