// The api-tokens feature's public face: the owner's API section of the Business tab (lazy).
import { lazy } from 'react';

export const loadApiTokensSection = () => import('./components/api-tokens-section.tsx');
/** Profile → Business → API (render it inside a Suspense boundary). */
export const ApiTokensSection = lazy(loadApiTokensSection);
