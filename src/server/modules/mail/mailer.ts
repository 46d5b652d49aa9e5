import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { claimQueuedEmails, insertEmail, markEmail } from './mail.repository.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' delivers for real; 'outbox' keeps messages in the outbox table for admins to read. */
  readonly mode: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  /** Delivers what waits in the outbox (emails queued inside other transactions); SMTP only. */
  deliverQueued(): Promise<void>;
}

/**
 * Every message is written to the outbox first. With SMTP configured it is then delivered and
 * marked sent (or failed, with the reason); without, the outbox is where it stays.
 */
export function createMailer(
  db: Database,
  options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliverQueued() {
    if (!transport) return;
    // Claimed rows stay locked until they are marked, so two app servers never send one twice.
    await db.transaction(async (tx) => {
      for (const email of await claimQueuedEmails(tx, 20)) {
        try {
          await transport.sendMail({
            from: options.from,
            to: email.to,
            subject: email.subject,
            text: email.text,
          });
          await markEmail(tx, email.id, 'sent');
        } catch (error) {
          options.log.error({ err: error, emailId: email.id }, 'email delivery failed');
          await markEmail(
            tx,
            email.id,
            'failed',
            error instanceof Error ? error.message : String(error),
          );
        }
      }
    });
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(email) {
      await insertEmail(db, email);
      await deliverQueued();
    },
    deliverQueued,
  };
}
