import type { Database } from '../../db/client.ts';
import { listEmails, type OutboxEmail } from './mail.repository.ts';

/** The emails the product sent, newest first, optionally to one address (the admin's outbox). */
export function listOutbox(
  db: Database,
  filter: { to?: string | undefined; limit: number },
): Promise<OutboxEmail[]> {
  return listEmails(db, filter);
}
