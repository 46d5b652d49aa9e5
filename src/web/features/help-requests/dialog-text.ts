import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/help-dialog.en.ts';

/** The dialog that sends a help request. */
export const helpDialogText = defineCatalog(
  'help-requests.dialog',
  en,
  () => import('./locales/help-dialog.es.ts'),
);
