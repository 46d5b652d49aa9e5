import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailChangeTokens, passwordResetTokens, sessions } from '../../db/schema/index.ts';

/*
 * What this module forgets of an account its owner deletes, in the deletion's transaction
 * (docs/decisions/040-nothing-private-left-behind.md, 042-modules-own-their-tables.md).
 */

/** Sessions, and the email-change and password-reset links still open. */
export async function forgetSignInRecords(db: Executor, userId: string) {
  for (const table of [sessions, emailChangeTokens, passwordResetTokens])
    await db.delete(table).where(eq(table.userId, userId));
}
