import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { emailDeliveries, messageChannels } from '../../../core/admin/outbox.ts';
import { createdAt, timestampTz } from './columns.ts';

export const emailDelivery = pgEnum('email_delivery', emailDeliveries);
export const messageChannel = pgEnum('message_channel', messageChannels);

/** Every email the product sends. Without SMTP this table is the mailbox (admins read it). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** An email, or a text message (`to` is then a phone number; the SMS sender's default). */
    channel: messageChannel().notNull().default('email'),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** Files sent with an email (a receipt's PDF): name, media type and base64 content. */
    attachments: jsonb().$type<{ filename: string; contentType: string; content: string }[]>(),
    delivery: emailDelivery().notNull().default('outbox'),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestampTz(),
  },
  (t) => [
    index('outbox_emails_created_idx').on(t.createdAt),
    index('outbox_emails_to_idx').on(t.to, t.createdAt),
  ],
);
