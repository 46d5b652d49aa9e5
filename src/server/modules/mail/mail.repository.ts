import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';

/** A file kept with an email in the outbox: its content base64-encoded. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: StoredAttachment[];
  delivery: 'outbox' | 'sent' | 'failed';
  createdAt: string;
  sentAt: string | null;
}

type Row = typeof outboxEmails.$inferSelect;
const toEmail = (row: Row): OutboxEmail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  attachments: row.attachments ?? [],
  delivery: row.delivery,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  channel?: 'email' | 'sms';
  attachments?: StoredAttachment[] | undefined;
}

export async function insertEmail(db: Executor, email: NewEmail): Promise<string> {
  const [id] = await insertEmails(db, [email]);
  return id!;
}

/** Queues messages in the caller's transaction; answers their ids. */
export async function insertEmails(db: Executor, emails: NewEmail[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.insert(outboxEmails).values(emails).returning({ id: outboxEmails.id });
  return rows.map((row) => row.id);
}

/** The oldest undelivered emails, locked for this transaction (others skip them). */
export async function claimQueuedEmails(db: Executor, limit: number): Promise<OutboxEmail[]> {
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.delivery, 'outbox'), eq(outboxEmails.channel, 'email')))
    .orderBy(asc(outboxEmails.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map(toEmail);
}

export async function markEmail(
  db: Executor,
  id: string,
  delivery: 'sent' | 'failed',
  error?: string,
): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ delivery, error: error ?? null, sentAt: delivery === 'sent' ? new Date() : null })
    .where(eq(outboxEmails.id, id));
}

export async function listEmails(
  db: Executor,
  filter: { to?: string | undefined; limit: number },
): Promise<OutboxEmail[]> {
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(filter.to ? eq(outboxEmails.to, filter.to) : undefined)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(filter.limit);
  return rows.map(toEmail);
}
