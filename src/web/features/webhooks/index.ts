// The webhooks feature's public face: the owner's Webhooks section of the Business tab (lazy).
import { lazy } from 'react';

export const loadWebhooksSection = () => import('./components/webhooks-section.tsx');
/** Profile → Business → Webhooks (render it inside a Suspense boundary). */
export const WebhooksSection = lazy(loadWebhooksSection);
