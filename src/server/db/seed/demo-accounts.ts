import { asc, like, or } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { users } from '../schema/index.ts';

/** Every seeded account has an address in this reserved domain and the password README gives. */
export const DEMO_EMAIL_DOMAIN = 'truckfinder.test';

/** The demo accounts in the database (a few, for the message), seeded now or earlier. */
export async function findDemoAccounts(db: Executor, limit = 3): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      or(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`), like(users.email, `%.${DEMO_EMAIL_DOMAIN}`)),
    )
    .orderBy(asc(users.createdAt), asc(users.email))
    .limit(limit);
  return rows.map((row) => row.email);
}
