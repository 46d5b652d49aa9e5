import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailChangeTokens, outboxEmails } from '../../db/schema/index.ts';

/*
 * What this module forgets of an account its owner deletes, in the deletion's transaction
 * (docs/decisions/040-nothing-private-left-behind.md, 042-modules-own-their-tables.md).
 */

/**
 * Queued and kept messages to the user's address (and to an address they were changing to),
 * and texts to their phone: the outbox holds live links and what the notifications said.
 */
export async function deleteMessagesTo(
  db: Executor,
  user: { id: string; email: string; phone: string | null },
) {
  const pending = await db
    .select({ email: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.userId, user.id));
  const addresses = [user.email, ...pending.map((row) => row.email)];
  await db
    .delete(outboxEmails)
    .where(
      or(
        and(eq(outboxEmails.channel, 'email'), inArray(outboxEmails.to, addresses)),
        user.phone
          ? and(eq(outboxEmails.channel, 'sms'), eq(outboxEmails.to, user.phone))
          : undefined,
      ),
    );
}
