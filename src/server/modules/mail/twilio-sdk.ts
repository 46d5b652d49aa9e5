import { createRequire } from 'node:module';
import type twilio from 'twilio';

const require = createRequire(import.meta.url);
let sdk: typeof twilio | undefined;

/**
 * Twilio's SDK, loaded when a text is first sent or received: it is tens of MB of the app server's
 * memory, which an installation without SMS never needs (docs/decisions/064-embedded-database-
 * lean.md). Synchronous, as the webhook's signature check is.
 */
export const twilioSdk = () => (sdk ??= require('twilio') as typeof twilio);
