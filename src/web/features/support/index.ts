// The support feature's public face: the provider's Support tab, loaded only when opened.
import { lazy } from 'react';
import { loadSupportTab } from './loaders.ts';

export { loadSupportTab };
/** The profile's Support tab (lazy: render it inside a Suspense boundary). */
export const SupportTab = lazy(loadSupportTab);
