import type { Database } from '../../db/client.ts';
import { createOutboxSmsSender, type SmsSender } from './sms.ts';
import { createTwilioSmsSender, type TwilioOptions } from './twilio-sms.ts';

/** The one place the sender is chosen: Twilio with its keys (config.ts takes all or none), else the outbox. */
export const createSmsSender = (
  db: Database,
  options: { twilio: TwilioOptions | undefined },
): SmsSender =>
  options.twilio ? createTwilioSmsSender(db, options.twilio) : createOutboxSmsSender(db);
