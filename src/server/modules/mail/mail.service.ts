import type { OutboxMessage } from '../../../core/admin/outbox.ts';
import type { Database } from '../../db/client.ts';
import { listEmails } from './mail.repository.ts';

/** The emails the product sent, newest first, optionally to one address (the admin's outbox). */
export async function listOutbox(
  db: Database,
  filter: { to?: string | undefined; limit: number },
): Promise<OutboxMessage[]> {
  const emails = await listEmails(db, filter);
  return emails.map(({ attachments, ...email }) => ({
    ...email,
    attachments: attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: Buffer.byteLength(a.content, 'base64'),
    })),
  }));
}
