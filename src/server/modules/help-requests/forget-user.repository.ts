import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { helpRequestInvites, helpRequests, serviceProviders } from '../../db/schema/index.ts';

/*
 * What this module forgets of an account its owner deletes, in the deletion's transaction
 * (docs/decisions/040-nothing-private-left-behind.md, 042-modules-own-their-tables.md).
 */

/**
 * Deletes the driver's requests for help, open ones included; answers the open ones with the
 * users whose businesses were still asked, to tell them it is gone.
 */
export async function deleteHelpRequests(db: Executor, userId: string) {
  const asked = await db
    .select({ id: helpRequests.id, ownerId: serviceProviders.userId })
    .from(helpRequests)
    .innerJoin(helpRequestInvites, eq(helpRequestInvites.requestId, helpRequests.id))
    .innerJoin(serviceProviders, eq(serviceProviders.id, helpRequestInvites.providerId))
    .where(
      and(
        eq(helpRequests.driverId, userId),
        eq(helpRequests.status, 'open'),
        eq(helpRequestInvites.status, 'asked'),
      ),
    );
  await db.delete(helpRequests).where(eq(helpRequests.driverId, userId));
  return asked;
}
