import type { Executor } from '../../db/client.ts';
import { insertEmail } from './mail.repository.ts';

export interface TextMessage {
  to: string;
  text: string;
}

/**
 * Sends text messages. An SMS provider plugs in here; the default keeps them in the outbox
 * (channel `sms`, read by admins at `GET /api/admin/outbox`), as email does without SMTP.
 */
export interface SmsSender {
  readonly mode: 'outbox' | 'provider';
  /** Queued in the caller's transaction, so a rolled-back change sends nothing. */
  send(exec: Executor, message: TextMessage): Promise<void>;
}

export const outboxSmsSender: SmsSender = {
  mode: 'outbox',
  async send(exec, message) {
    await insertEmail(exec, {
      channel: 'sms',
      to: message.to,
      subject: 'Text message',
      text: message.text,
    });
  },
};
