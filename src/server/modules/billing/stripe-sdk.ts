import { createRequire } from 'node:module';
import type Stripe from 'stripe';

const require = createRequire(import.meta.url);
let sdk: typeof Stripe | undefined;

/**
 * Stripe's SDK, loaded when a webhook is first signed or checked: it is tens of MB of the app
 * server's memory, held from the start otherwise (docs/decisions/064-embedded-database-lean.md).
 * Synchronous, as the signature check is. The real gateway loads it with its own module.
 */
export const stripeSdk = () => (sdk ??= require('stripe') as typeof Stripe);
