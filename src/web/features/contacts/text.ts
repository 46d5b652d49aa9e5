import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/contacts.en.ts';

export const contactsText = defineCatalog('contacts', en, () => import('./locales/contacts.es.ts'));
