import { asc, inArray, like, or } from 'drizzle-orm';
import { demoAccounts } from '../../../core/demo-accounts.ts';
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

/**
 * Whether this server holds demo data: one of the accounts the internal pages sign in with still
 * exists. One lookup on the unique email index, so it is asked afresh wherever it matters.
 */
export async function hasDemoAccounts(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, Object.values(demoAccounts)))
    .limit(1);
  return rows.length > 0;
}
