import { AppError } from '../../../core/errors.ts';
import type { Database } from '../../db/client.ts';
import { optIn, optOut } from './sms-opt-outs.repository.ts';
import { twilioSdk } from './twilio-sdk.ts';
import type { TwilioOptions } from './twilio-sms.ts';

/** The keywords of Twilio's Advanced Opt-Out, matched on the whole text, trimmed, any case. */
const KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'],
  start: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const;
type Keyword = keyof typeof KEYWORDS;

export const SMS_REPLIES: Record<Keyword, string> = {
  stop: 'You will get no more texts from Truck Finder. Reply START to turn them back on.',
  start: 'Texts from Truck Finder are back on. Reply STOP to stop them.',
  help: 'Truck Finder roadside help: manage texts in Profile → Settings. Reply STOP to stop.',
};

export function keywordOf(body: string): Keyword | null {
  const word = body.trim().toUpperCase();
  for (const [keyword, words] of Object.entries(KEYWORDS) as [Keyword, readonly string[]][])
    if (words.includes(word)) return keyword;
  return null;
}

/** TwiML answering an incoming text: one message, or none. Twilio's builder escapes the text. */
function twimlReply(text: string | null): string {
  const response = new (twilioSdk().twiml.MessagingResponse)();
  if (text !== null) response.message(text);
  return response.toString();
}

/**
 * Texts people send to our number, as Twilio's Messaging webhook posts them
 * (docs/decisions/046-text-messages.md): STOP and START record the phone's choice, HELP answers.
 */
export function createSmsInbound(
  db: Database,
  options: { twilio: TwilioOptions | undefined; publicUrl: string; path: string },
) {
  const url = `${options.publicUrl}${options.path}`;
  return {
    /**
     * Refuses the request unless Twilio signed it: X-Twilio-Signature is the HMAC-SHA1, with the
     * Auth Token, of the public URL Twilio was given followed by every posted field, sorted.
     */
    verify(signature: string | undefined, fields: unknown) {
      if (!options.twilio) throw new AppError('not_found', 'This installation has no SMS provider');
      const params =
        fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
      if (
        !signature ||
        !twilioSdk().validateRequest(options.twilio.authToken, signature, url, params)
      )
        throw new AppError('forbidden', 'The request is not signed by Twilio');
    },
    /** Acts on a keyword and answers the TwiML for Twilio to send back. */
    async receive(from: string, body: string): Promise<string> {
      const keyword = keywordOf(body);
      if (keyword === 'stop') await optOut(db, from);
      if (keyword === 'start') await optIn(db, from);
      return twimlReply(keyword ? SMS_REPLIES[keyword] : null);
    },
  };
}
export type SmsInbound = ReturnType<typeof createSmsInbound>;
