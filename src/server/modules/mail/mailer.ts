import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { redactLinks } from './link-redaction.ts';
import { claimQueuedEmails, insertEmail, markEmail } from './mail.repository.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /**
   * The text holds a one-time link (password reset, invitation, email confirmation). Delivered
   * over SMTP, the outbox keeps it with the link's token `[redacted]`; without SMTP the outbox is
   * the inbox and keeps it readable. See docs/security.md.
   */
  sensitive?: boolean;
}

export interface Mailer {
  /** 'smtp' delivers for real; 'outbox' keeps messages in the outbox table for admins to read. */
  readonly mode: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  /**
   * Sends one message now for a caller that retries (the delivery queue): kept in the outbox, or
   * delivered over SMTP and kept as sent; throws, keeping nothing, when the mail server refuses.
   */
  sendNow(email: Omit<Email, 'sensitive'>): Promise<void>;
  /** Delivers what waits in the outbox (emails queued inside other transactions); SMTP only. */
  deliverQueued(): Promise<void>;
}

/**
 * Every message is written to the outbox first. With SMTP configured it is then delivered and
 * marked sent (or failed, with the reason); without, the outbox is where it stays. A sensitive
 * message is sent inside the transaction that writes it, so its row only ever holds the redacted
 * text and no other server's queue run can pick it up.
 */
type Transport = ReturnType<typeof nodemailer.createTransport>;

export function createMailer(
  db: Database,
  options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliverQueued() {
    if (!transport) return;
    // Claimed rows stay locked until they are marked, so two app servers never send one twice.
    await db.transaction(async (tx) => {
      for (const email of await claimQueuedEmails(tx, 20))
        await deliver(transport, tx, email.id, email);
    });
  }

  /** Sends one stored message over SMTP and records the outcome on its row. */
  async function deliver(via: Transport, tx: Executor, id: string, email: Email) {
    try {
      await via.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      await markEmail(tx, id, 'sent');
    } catch (error) {
      options.log.error({ err: error, emailId: id }, 'email delivery failed');
      await markEmail(tx, id, 'failed', error instanceof Error ? error.message : String(error));
    }
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send({ sensitive, ...email }) {
      if (sensitive && transport) {
        await db.transaction(async (tx) => {
          const id = await insertEmail(tx, { ...email, text: redactLinks(email.text) });
          await deliver(transport, tx, id, email);
        });
      } else {
        await insertEmail(db, email);
      }
      await deliverQueued();
    },
    async sendNow(email) {
      if (!transport) {
        await insertEmail(db, email);
        return;
      }
      await db.transaction(async (tx) => {
        const id = await insertEmail(tx, email);
        await transport.sendMail({ from: options.from, ...email });
        await markEmail(tx, id, 'sent');
      });
    },
    deliverQueued,
  };
}
