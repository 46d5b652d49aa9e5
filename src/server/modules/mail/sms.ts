import { toE164 } from '../../../core/phone.ts';
import type { Database, Executor } from '../../db/client.ts';
import { insertEmail } from './mail.repository.ts';
import { isOptedOut } from './sms-opt-outs.repository.ts';

export interface TextMessage {
  /** The phone as stored (typed by its owner); the sender makes it E.164. */
  to: string;
  text: string;
}

/**
 * What became of one text sent now: `sent` with the provider's message id (the outbox row's id
 * without a provider); `opted_out` when the phone answered STOP (here or, as Twilio's 21610, at the
 * provider, which is then recorded); `failed` with `retry` true when the same text may go through
 * later (429, 5xx, no answer), with the provider's Retry-After if it gave one, and false when it
 * never will (another 4xx: the number is invalid or cannot receive texts).
 */
export type SmsOutcome =
  | { result: 'sent'; messageId: string }
  | { result: 'opted_out' }
  | {
      result: 'failed';
      retry: boolean;
      /** The provider's HTTP status; null when there was no answer or nothing was sent. */
      status: number | null;
      /** The provider's error code (Twilio's 21211, 21614, …), when it gave one. */
      code: number | null;
      retryAfterSeconds?: number;
      error: string;
    };

/**
 * Sends text messages (docs/decisions/046-text-messages.md): through Twilio when it is
 * configured (`provider`), otherwise into the outbox (channel `sms`, read by admins at
 * `GET /api/admin/outbox`), as email does without SMTP. A phone that answered STOP gets nothing.
 */
export interface SmsSender {
  readonly mode: 'outbox' | 'provider';
  /** Sends now, outside any transaction (the delivery queue, a phone code after its commit), and tells the outcome. */
  deliver(message: TextMessage): Promise<SmsOutcome>;
}

export const notAPhone = (to: string): SmsOutcome => ({
  result: 'failed',
  retry: false,
  status: null,
  code: null,
  error: `not a phone number a text can reach: ${JSON.stringify(to.slice(0, 40))}`,
});

/** Writes a text to the outbox (channel `sms`): kept there, or queued for a provider. */
const keepText = (exec: Executor, message: TextMessage) =>
  insertEmail(exec, {
    channel: 'sms',
    to: message.to,
    subject: 'Text message',
    text: message.text,
  });

/** Without a provider: every text is kept in the outbox, where admins read it. */
export function createOutboxSmsSender(db: Database): SmsSender {
  return {
    mode: 'outbox',
    async deliver(message) {
      if (!toE164(message.to)) return notAPhone(message.to);
      if (await isOptedOut(db, message.to)) return { result: 'opted_out' };
      return { result: 'sent', messageId: await keepText(db, message) };
    },
  };
}
