import { defineCatalog } from '../../../lib/i18n.ts';
import en from './locales/route.en.ts';

export const routeText = defineCatalog(
  'providers.route',
  en,
  () => import('./locales/route.es.ts'),
);
