import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { redactLinks } from './link-redaction.ts';
import {
  claimQueuedEmails,
  insertEmail,
  markEmail,
  type StoredAttachment,
} from './mail.repository.ts';

/** A file sent with an email (a receipt's PDF). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Makes the file of one kind for an id when its email goes out (a receipt's PDF); null: none. */
export type AttachmentSource = (id: string) => Promise<EmailAttachment | null>;

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
  /** Kept in the outbox with the message (base64) and sent with it. */
  attachments?: EmailAttachment[] | undefined;
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
  /** Says where the files of one kind come from (at start-up: `payment_receipt`, the receipts). */
  attachFrom(kind: string, source: AttachmentSource): void;
  /** The file of that kind for the id, made now; null when there is none or no source. */
  attachment(kind: string, id: string): Promise<EmailAttachment | null>;
}

/**
 * Every message is written to the outbox first. With SMTP configured it is then delivered and
 * marked sent (or failed, with the reason); without, the outbox is where it stays. A sensitive
 * message is sent inside the transaction that writes it, so its row only ever holds the redacted
 * text and no other server's queue run can pick it up.
 */
type Transport = ReturnType<typeof nodemailer.createTransport>;

const stored = (attachments: EmailAttachment[] | undefined): StoredAttachment[] | undefined =>
  attachments?.length
    ? attachments.map((a) => ({ ...a, content: a.content.toString('base64') }))
    : undefined;

/** The message as nodemailer takes it: stored base64 attachments are decoded back to bytes. */
const outgoing = (from: string, email: Omit<Email, 'sensitive'> | StoredEmail) => ({
  from,
  to: email.to,
  subject: email.subject,
  text: email.text,
  ...(email.attachments?.length
    ? {
        attachments: email.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: typeof a.content === 'string' ? Buffer.from(a.content, 'base64') : a.content,
        })),
      }
    : {}),
});

interface StoredEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: StoredAttachment[] | undefined;
}

export function createMailer(
  db: Database,
  options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger },
): Mailer {
  const { smtpUrl } = options;
  let smtp: Promise<Transport> | undefined;
  /** The SMTP transport, with nodemailer loaded for the first message sent (none without SMTP). */
  const transport = () =>
    (smtp ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(smtpUrl)));
  const sources = new Map<string, AttachmentSource>();

  async function deliverQueued() {
    if (!smtpUrl) return;
    const via = await transport();
    // Claimed rows stay locked until they are marked, so two app servers never send one twice.
    await db.transaction(async (tx) => {
      for (const email of await claimQueuedEmails(tx, 20)) await deliver(via, tx, email.id, email);
    });
  }

  /** Sends one stored message over SMTP and records the outcome on its row. */
  async function deliver(
    via: Transport,
    tx: Executor,
    id: string,
    email: Omit<Email, 'sensitive'> | StoredEmail,
  ) {
    try {
      await via.sendMail(outgoing(options.from, email));
      await markEmail(tx, id, 'sent');
    } catch (error) {
      options.log.error({ err: error, emailId: id }, 'email delivery failed');
      await markEmail(tx, id, 'failed', error instanceof Error ? error.message : String(error));
    }
  }

  return {
    mode: smtpUrl ? 'smtp' : 'outbox',
    async send({ sensitive, ...email }) {
      if (sensitive && smtpUrl) {
        const via = await transport();
        await db.transaction(async (tx) => {
          const id = await insertEmail(tx, {
            ...email,
            text: redactLinks(email.text),
            attachments: stored(email.attachments),
          });
          await deliver(via, tx, id, email);
        });
      } else {
        await insertEmail(db, { ...email, attachments: stored(email.attachments) });
      }
      await deliverQueued();
    },
    async sendNow(email) {
      const row = { ...email, attachments: stored(email.attachments) };
      if (!smtpUrl) {
        await insertEmail(db, row);
        return;
      }
      const via = await transport();
      await db.transaction(async (tx) => {
        const id = await insertEmail(tx, row);
        await via.sendMail(outgoing(options.from, email));
        await markEmail(tx, id, 'sent');
      });
    },
    deliverQueued,
    attachFrom(kind, source) {
      sources.set(kind, source);
    },
    async attachment(kind, id) {
      const source = sources.get(kind);
      return source ? source(id) : null;
    },
  };
}
