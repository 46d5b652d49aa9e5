import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/push.en.ts';

/** This device's push: the Settings switch and the prompt. */
export const pushText = defineCatalog(
  'notifications.push',
  en,
  () => import('./locales/push.es.ts'),
);
