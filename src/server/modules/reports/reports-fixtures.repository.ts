import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { monthlyStatements, outboxEmails, reviews, users } from '../../db/schema/index.ts';

/*
 * Rows for the reports' tests (never product code): roles, reviews, and what the statement job
 * leaves; the business's own rows come from src/server/test/business-fixtures.repository.ts.
 */

export async function setRole(db: Executor, userId: string, role: 'technician' | 'dispatcher') {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

export async function insertReviews(
  db: Executor,
  rows: { bookingId: string; driverId: string; providerId: string; rating: number }[],
) {
  if (rows.length > 0) await db.insert(reviews).values(rows);
}

/** The emails queued to an address, oldest first, with their attachments. */
export async function emailsTo(db: Executor, to: string) {
  return db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(outboxEmails.createdAt);
}

export async function statementsOf(db: Executor, providerId: string) {
  return db
    .select({ month: monthlyStatements.month })
    .from(monthlyStatements)
    .where(eq(monthlyStatements.providerId, providerId));
}

export async function ownerEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}
